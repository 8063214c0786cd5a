import { describe, expect, it } from "vitest";
import { routeIdResolver } from "../../server/route-ids";

// The metrics label of a request is the route that answers it (decision 061).
const routes = {
  root: { id: "root", path: "", parentId: undefined },
  "routes/site/home": { id: "routes/site/home", index: true, parentId: "root" },
  "routes/site/blog": { id: "routes/site/blog", path: "blog", parentId: "root" },
  "routes/site/blog.post": { id: "routes/site/blog.post", path: "blog/:slug", parentId: "root" },
  "routes/staff/layout": { id: "routes/staff/layout", path: "admin", parentId: "root" },
  "routes/staff/posts": { id: "routes/staff/posts", path: "posts", parentId: "routes/staff/layout" },
};

describe("route ids for the metrics", () => {
  const routeId = routeIdResolver({ routes } as never);

  it("names the deepest matching route, never the address", () => {
    expect(routeId("/")).toBe("routes/site/home");
    expect(routeId("/blog")).toBe("routes/site/blog");
    expect(routeId("/blog/any-slug-at-all")).toBe("routes/site/blog.post");
    expect(routeId("/admin/posts")).toBe("routes/staff/posts");
  });

  it("counts a page's data request as the page, and an unknown path as not-found", () => {
    expect(routeId("/blog/some-post.data")).toBe("routes/site/blog.post");
    expect(routeId("/_root.data")).toBe("routes/site/home");
    expect(routeId("/no/such/place")).toBe("not-found");
  });

  it("keeps answering right after many made-up addresses filled its memory", () => {
    for (let i = 0; i < 5_000; i++) expect(routeId(`/blog/post-${i}`)).toBe("routes/site/blog.post");
    expect(routeId("/blog")).toBe("routes/site/blog");
    expect(routeId("/no/such/place")).toBe("not-found");
  });
});
