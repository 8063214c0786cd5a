import { describe, expect, it } from "vitest";
import { permissionOf, ROUTE_PERMISSIONS } from "~/lib/auth/route-permissions";
import { can, GRANTS, PERMISSIONS, ROLES } from "~/lib/auth/roles";
import { navFor, STAFF_NAV } from "~/lib/staff/staff-nav";
import { needsPermission, routeList } from "../support/route-list";

// Decision 059: every staff page and staff API declares one permission, in one table the
// guards read. A route added to app/routes.ts without an entry fails here (and is refused
// to everyone at run time), so nobody can ship a page that any account may open by default.

describe("the route permission table", () => {
  const routes = routeList();

  it("names every staff page and JSON API route in app/routes.ts", () => {
    const staff = routes.filter(needsPermission);
    expect(staff.length).toBeGreaterThan(50);
    const missing = staff
      .filter((route) => permissionOf(route.pattern) === undefined)
      .map((r) => `${r.pattern} (${r.file})`);
    expect(missing).toEqual([]);
  });

  it("names no route that does not exist (a renamed route leaves no stale entry)", () => {
    const patterns = new Set(routes.map((route) => route.pattern));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it("gives a public page no permission: the staff area's pages are never 'public'", () => {
    const publicStaff = routes
      .filter((route) => route.file.startsWith("routes/staff/"))
      .filter((route) => permissionOf(route.pattern) === "public");
    expect(publicStaff).toEqual([]);
  });
});

describe("the roles", () => {
  it("an owner has every permission, an editor not the studio's, an author only writing", () => {
    expect(PERMISSIONS.every((permission) => can("owner", permission))).toBe(true);
    for (const permission of ["staff", "security", "studio", "mail", "backups"] as const)
      expect(can("editor", permission)).toBe(false);
    expect(GRANTS.author).toEqual(["account", "posts", "page-drafts"]);
    // Drafting pages, never publishing them (decision 071).
    expect(can("author", "content")).toBe(false);
  });

  it("the navigation shows each role only what it may open, and nothing while enrolment is owed", () => {
    const items = (role: (typeof ROLES)[number]) => navFor(role).flatMap((group) => group.items);
    for (const role of ROLES) {
      for (const item of items(role))
        expect([role, item.to, can(role, item.permission)]).toEqual([role, item.to, true]);
      expect(navFor(role, true)).toEqual([]);
    }
    expect(items("author").map((item) => item.label)).toEqual(["Oversikt", "Blogg", "Sider", "Innstillinger"]);
    // A group with nothing the role may open is left out, heading and all.
    expect(navFor("author").map((group) => group.label)).toEqual([null, "Innhold", "Admin"]);
    expect(items("owner")).toHaveLength(STAFF_NAV.length);
    // Every nav item's own page agrees with the table the server enforces.
    for (const item of STAFF_NAV) expect([item.to, permissionOf(item.to)]).toEqual([item.to, item.permission]);
  });
});
