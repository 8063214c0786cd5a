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

// Each prefix with its slash, made once: this runs twice for every cached page sent.
const STAFF_FOLDERS = STAFF_PATH_PREFIXES.map((prefix) => `${prefix}/`);

export function isStaffPath(path: string) {
  for (let i = 0; i < STAFF_PATH_PREFIXES.length; i++) {
    if (path === STAFF_PATH_PREFIXES[i] || path.startsWith(STAFF_FOLDERS[i]!)) return true;
  }
  return false;
}
