import { beforeAll, describe, expect, it } from "vitest";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";
import { type Database, schema } from "~/lib/platform/db.server";
import { addRedirect } from "~/lib/redirects/redirects.server";
import { call, productionServerForThisFile } from "./helpers";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// Redirects (issue 26) must never become an open redirect: a link on the studio's own
// address that sends a visitor to someone else's site. Staff can only point at this site
// or an https URL they typed; no request path can smuggle another host into a Location.

const server = productionServerForThisFile();
let db: Database;
let cookie: string;

beforeAll(async () => {
  db = await server.db();
  cookie = await cookieWith((await signedInStaff(db, "kari@fjordform.test")).token);
  const added = await addRedirect(db, SCRIPT_ACTOR, { from: "/old-path", to: "/about" });
  expect(added).toMatchObject({ kind: "added" });
});

const sameSite = (location: string | null) => location === null || new URL(location, server.url).origin === new URL(server.url).origin;

describe("open redirects", () => {
  it.each([
    "javascript:alert(document.cookie)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example/",
    "http://evil.example",
    "https:evil.example",
    "https://user@evil.example:pass@x",
    "https://evil.example\r\nSet-Cookie: a=b",
  ])("a staff redirect to %j is refused and stored nowhere", async (to) => {
    const from = `/attempt-${Math.random().toString(36).slice(2)}`;
    const reply = await call(server.url, "/admin/redirects", { cookie, origin: server.url, form: { intent: "add", from, to } });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    const rows = await db.select({ from: schema.redirects.fromPath }).from(schema.redirects);
    expect(rows.map((row) => row.from)).not.toContain(from);
    expect((await call(server.url, from)).status).toBe(404);
  });

  it("a staff redirect to an https URL is stored (so the refusals above are real)", async () => {
    const form = { intent: "add", from: "/partner", to: "https://example.com/studio" };
    const reply = await call(server.url, "/admin/redirects", { cookie, origin: server.url, form });
    expect(reply.status).toBe(200);
    const answer = await call(server.url, "/partner");
    expect([answer.status, answer.headers.get("location")]).toEqual([301, "https://example.com/studio"]);
  });

  it("a redirect keeps the visitor's query as a query, never as the place to go", async () => {
    const reply = await call(server.url, "/old-path?next=//evil.example&to=https://evil.example");
    expect(reply.status).toBe(301);
    expect(reply.headers.get("location")).toBe("/about?next=//evil.example&to=https://evil.example");
    expect(sameSite(reply.headers.get("location"))).toBe(true);
    // Staff can remove a redirect: browsers may keep the 301 an hour, not forever.
    expect(reply.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it.each([
    "//evil.example",
    "//evil.example/old-path",
    "/\\evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example",
    "/old-path/..//evil.example",
    "/old-path/%2e%2e//evil.example",
    "/blog/%2F%2Fevil.example",
    "/careers/..%2F..%2F%2Fevil.example",
    "/work//evil.example",
  ])("the request %j is answered on this site", async (path) => {
    const reply = await call(server.url, path);
    expect(sameSite(reply.headers.get("location")), `${reply.status} ${reply.headers.get("location")}`).toBe(true);
  });
});
