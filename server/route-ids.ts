import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

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
  return (pathname: string): string => {
    // Single-fetch data requests (/blog.data, /_root.data) are the page's route.
    let path = pathname;
    if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
    const matches = matchRoutes(routes, path);
    return matches ? matches[matches.length - 1]!.route.id! : "not-found";
  };
}
