import { isbot } from "isbot";
import { type Database, schema } from "./db.server";
import { isStaffPath } from "./staff-paths";

/**
 * Page views counted on the server: the path and the time, nothing else. No cookie,
 * no IP address, no user agent is stored, so there is nothing to consent to.
 */
export function isCountablePageView(request: { method: string; path: string; userAgent: string }, response: Response) {
  if (request.method !== "GET" || response.status !== 200) return false;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (isbot(request.userAgent)) return false;
  return !isStaffPath(request.path);
}

export async function recordPageView(db: Database, path: string) {
  await db.insert(schema.pageViews).values({ path: path.slice(0, 512) });
}
