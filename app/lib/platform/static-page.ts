import type { UIMatch } from "react-router";

/**
 * `export const handle = staticPage` marks a route whose page does what the spec asks
 * with HTML and CSS: it is sent without React's JavaScript, with only the small
 * enhancement module (docs/decisions/020). Routes without the mark keep the framework,
 * so a forgotten mark costs kilobytes, never a page that stops working.
 */
export const staticPage = { staticPage: true } as const;

/** Whether this document needs React in the browser: unless every matched route (below the root) is static. */
export function needsFramework(matches: UIMatch[]) {
  const routes = matches.filter((match) => match.id !== "root");
  return routes.length === 0 || !routes.every((match) => (match.handle as typeof staticPage | undefined)?.staticPage);
}

/**
 * `handle = staffArea` marks the staff layout (routes/staff/layout.tsx): the root then
 * leaves out the marketing header, its <main> and the newsletter footer. It lives here,
 * beside the other mark the root reads, so the root's browser code gains no extra file.
 */
export const staffArea = { staffArea: true } as const;

export function isStaffArea(matches: Pick<UIMatch, "handle">[]) {
  return matches.some((match) => (match.handle as typeof staffArea | undefined)?.staffArea === true);
}
