import routes from "~/routes";

/**
 * Every route of app/routes.ts with its pattern as React Router reports it to loaders,
 * actions and middleware (the paths of the route and its parents joined, "/admin/inbox/:id"),
 * for the tests that go through all of them (decision 059).
 */
type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };

export type ListedRoute = { file: string; pattern: string };

export function routeList(): ListedRoute[] {
  const walk = (entries: Entry[], parent: string): ListedRoute[] =>
    entries.flatMap((entry) => {
      const here = entry.index ? parent : `${parent}/${entry.path ?? ""}`.replace(/\/+$/, "");
      // A layout without a path (the staff layout, its guard) is no route of its own.
      const own = entry.index || entry.path !== undefined ? [{ file: entry.file, pattern: here || "/" }] : [];
      return [...own, ...walk(entry.children ?? [], here)];
    });
  return walk(routes as Entry[], "");
}

/** The staff pages and the JSON API: each must have a permission in route-permissions.ts. */
export const needsPermission = (route: ListedRoute) =>
  route.file.startsWith("routes/staff/") || route.file.startsWith("routes/api/");
