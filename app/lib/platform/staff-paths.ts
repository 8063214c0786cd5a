/**
 * Where the staff area lives. Page views there are not counted, and search engines
 * are asked to stay out. One list, so the two can never disagree.
 */
export const STAFF_PATH_PREFIXES = [
  "/admin",
  "/login",
  "/blog/manage",
  "/blog/cms",
  "/blog/new",
  "/blog-cms",
  "/careers/cms",
  "/job-cms",
] as const;

export function isStaffPath(path: string) {
  return STAFF_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
