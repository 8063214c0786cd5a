import { exportApplicationsCsv } from "~/lib/applications/application-admin.server";
import { applicationFilterSchema } from "~/lib/applications/application-forms";
import { csvResponse } from "~/lib/platform/csv";
import { getDb } from "~/lib/platform/db.server";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.applications.export";

/** /admin/applications/export.csv[?job=…]: one listing's applications (or all) as a spreadsheet file. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const filter = applicationFilterSchema.parse(Object.fromEntries(url.searchParams));
  const csv = await exportApplicationsCsv(getDb(), staffActor(request, context), filter);
  return csvResponse(csv, "soknader");
}
