import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** How many addresses' route ids are remembered before the memory starts over. */
const ROUTE_ID_MEMORY = 2_000;

/**
 * The metrics label of a request React Router answers: the id of the route that matched
 * (routes/site/blog-post, not /blog/some-slug), so the number of series stays the number
 * of routes. A path no route matches is "not-found". Decision 061.
 */
export function routeIdResolver(build: Pick<ServerBuild, "routes">) {
  const manifest = Object.values(build.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route!.parentId === parentId)
      .map((route) => {
        const children = tree(route!.id);
        return route!.index
          ? { id: route!.id, index: true, path: route!.path }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children };
      });
  const routes = tree(undefined);
  // matchRoutes flattens and ranks the whole route tree on every call: that was 15 % of a
  // cold render's CPU and most of a cache hit's, for a label that never changes for a path.
  // Remember the answers; the bound keeps made-up addresses from growing it without end.
  const known = new Map<string, string>();
  return (pathname: string): string => {
    const remembered = known.get(pathname);
    if (remembered !== undefined) return remembered;
    // Single-fetch data requests (/blog.data, /_root.data) are the page's route.
    let path = pathname;
    if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
    const matches = matchRoutes(routes, path);
    const id = matches ? matches[matches.length - 1]!.route.id! : "not-found";
    if (known.size >= ROUTE_ID_MEMORY) known.clear();
    known.set(pathname, id);
    return id;
  };
}
