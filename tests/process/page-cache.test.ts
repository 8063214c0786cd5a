import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { and, eq, gt, max } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { schema } from "~/lib/platform/db.server";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { createSharedDatabase } from "../support/shared-database";

// Two app processes on one PostgreSQL, as behind a load balancer: each caches public
// pages, and a post published through one shows on both at once.
const running: RunningServer[] = [];
const dirs: string[] = [];
let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
const password = randomBytes(18).toString("base64url");

beforeAll(async () => {
  shared = await createSharedDatabase("cache");
  await createUser(shared.handle.db, { email: "cache@fjordform.test", fullName: "Cache Tester", password });
});
afterAll(async () => {
  await shared?.drop();
});
afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const dir of dirs.splice(0)) await removeDataDir(dir);
  }
});

async function startInstance(env: Record<string, string> = {}) {
  const dataDir = makeDataDir("cache-test");
  dirs.push(dataDir);
  const server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: shared.url, ...env });
  running.push(server);
  return server;
}

const visit = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { "user-agent": BROWSER_UA, ...headers } });

/** A GET without Accept-Encoding (fetch always asks for compression). */
function rawGet(url: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; names: string[]; body: string }>((resolve, reject) => {
    http
      .get(url, { headers: { "user-agent": BROWSER_UA } }, (response) => {
        let body = "";
        const names = response.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
        response.setEncoding("utf8").on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ headers: response.headers, names, body }));
      })
      .on("error", reject);
  });
}

/** Views, not rows: a row counts the alike views of one second. */
async function viewsOf(path: string) {
  const rows = await shared.handle.db.select().from(schema.pageViews).where(eq(schema.pageViews.path, path));
  return rows.reduce((sum, row) => sum + row.views, 0);
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/** The HTTP/1.1 answers one after another in `bytes` (each with a Content-Length), as CSP and body. */
function answersIn(bytes: Buffer) {
  const answers: { csp: string | null; body: string }[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf("\r\n\r\n", at);
    const head = bytes.subarray(at, headEnd).toString("latin1");
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? null;
    const length = Number(header("content-length"));
    answers.push({ csp: header("content-security-policy"), body: bytes.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8") });
    at = headEnd + 4 + length;
  }
  return answers;
}

describe("the page cache", () => {
  it("serves each visitor their own nonce, answers 304 with the nonce of their copy, and refuses forged validators", async () => {
    const server = await startInstance();
    await (await visit(`${server.url}/careers`)).text(); // rendered and stored
    const first = await visit(`${server.url}/careers`);
    const second = await visit(`${server.url}/careers`);
    const [firstBody, secondBody] = [await first.text(), await second.text()];
    const [firstNonce, secondNonce] = [
      nonceOf(first.headers.get("content-security-policy")),
      nonceOf(second.headers.get("content-security-policy")),
    ];
    expect(firstNonce).not.toBe(secondNonce);
    expect(firstBody).toContain(`nonce="${firstNonce}"`);
    expect(secondBody).toContain(`nonce="${secondNonce}"`);
    expect(secondBody).not.toContain(firstNonce);
    expect(first.headers.get("cache-control")).toContain("s-maxage=");

    const etag = first.headers.get("etag")!;
    const revalidated = await visit(`${server.url}/careers`, { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(nonceOf(revalidated.headers.get("content-security-policy"))).toBe(firstNonce);

    const forged = etag.replace(firstNonce!, "' 'unsafe-inline");
    const refused = await visit(`${server.url}/careers`, { "if-none-match": forged });
    expect(refused.status).toBe(200);
    expect(refused.headers.get("content-security-policy")).not.toContain("unsafe-inline");
  });

  it("keeps every hit's bytes its own when many leave at once, to a reader that lags and to ones that do not", async () => {
    const server = await startInstance();
    for (let i = 0; i < 2; i++) await (await visit(`${server.url}/`)).text(); // rendered and stored
    const { port } = new URL(server.url);
    // 150 requests on one connection, sent before any answer is read: the answers queue up
    // behind each other and fill the socket, while other visitors are answered beside them.
    const socket = net.connect(Number(port), "127.0.0.1");
    const received: Buffer[] = [];
    const ended = new Promise<void>((resolve, reject) => socket.on("end", resolve).on("error", reject));
    socket.pause();
    const request = `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${BROWSER_UA}\r\n\r\n`;
    socket.write(request.repeat(149) + request.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));
    const beside = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? visit(`${server.url}/`) : visit(`${server.url}/`, { "accept-encoding": "identity" }))),
    );
    const besideAnswers = await Promise.all(beside.map(async (r) => ({ csp: r.headers.get("content-security-policy"), body: await r.text() })));
    socket.on("data", (chunk: Buffer) => received.push(chunk)).resume();
    await ended;

    const pipelined = answersIn(Buffer.concat(received));
    expect(pipelined).toHaveLength(150);
    const answers = [...pipelined, ...besideAnswers];
    const pageWithout = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');
    const nonces = answers.map(({ csp, body }) => {
      const nonce = nonceOf(csp)!;
      const inBody = [...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(inBody.length).toBeGreaterThan(1);
      expect(new Set(inBody)).toEqual(new Set([nonce])); // the page's nonces are the header's, none another's
      expect(pageWithout(body)).toBe(pageWithout(answers[0]!.body));
      return nonce;
    });
    expect(new Set(nonces).size).toBe(answers.length);
  });

  it("sends a hit with the headers of the rendered page, gzipped or not, and counts it as a page view", async () => {
    const server = await startInstance();
    const rendered = await visit(`${server.url}/terms`);
    const renderedBody = await rendered.text();
    // Later requests are hits, answered in front of the app (server/page-cache-listener.ts).
    const zipped = await visit(`${server.url}/terms`, { "accept-encoding": "gzip" });
    const plain = await rawGet(`${server.url}/terms`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.names.filter((name, i) => plain.names.indexOf(name) !== i), "a header sent twice").toEqual([]);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(plain.body));
    const withoutNonce = (body: string, csp: string | null) => body.replaceAll(nonceOf(csp)!, "N");
    expect(withoutNonce(await zipped.text(), zipped.headers.get("content-security-policy"))).toBe(
      withoutNonce(renderedBody, rendered.headers.get("content-security-policy")),
    );
    expect(withoutNonce(plain.body, plain.headers["content-security-policy"] as string)).toBe(
      withoutNonce(renderedBody, rendered.headers.get("content-security-policy")),
    );
    // Every header the app sent comes again, with this response's nonce; only these differ.
    const perResponse = [
      "date",
      "etag",
      "x-request-id",
      "content-security-policy",
      "content-length",
      "content-encoding",
      "transfer-encoding",
    ];
    const stable = (headers: Iterable<[string, string]>) =>
      Object.fromEntries([...headers].filter(([name]) => !perResponse.includes(name)));
    expect(stable(zipped.headers)).toEqual(stable(rendered.headers));
    expect(zipped.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(zipped.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));

    // Three people and a crawler: three views of /terms are written (the buffer flushes every second).
    await visit(`${server.url}/terms`, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await expect.poll(() => viewsOf("/terms"), { timeout: 20_000 }).toBe(3);
  });

  it("counts a campaign visit with its source and referring site, rendered or from the cache, once per page; not load tools", async () => {
    // Only this test's views: an earlier test's instance may have written its views of
    // /careers before it was stopped, or not, depending on how busy the machine was.
    const [{ last } = { last: 0 }] = await shared.handle.db.select({ last: max(schema.pageViews.id) }).from(schema.pageViews);
    const server = await startInstance();
    const link = `${server.url}/careers?utm_source=Newsletter&utm_medium=email&utm_campaign=Vinter&fbclid=abc`;
    const fromLinkedIn = { referer: "https://www.linkedin.com/feed/update/urn:li:activity:1/" };
    // The first is rendered and stored; the next two are hits, answered by the listener in front of the app.
    for (let i = 0; i < 3; i++) expect((await visit(link, fromLinkedIn)).status).toBe(200);
    // Within the site, another spelling of the same page: one page, no source.
    expect((await visit(`${server.url}/Careers/`, { referer: `${server.url}/` })).status).toBe(200);
    // No user agent, or a load tool: no visitor.
    const noAgent = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(server.url);
      http.get({ host: "127.0.0.1", port, path: "/careers", headers: {} }, (r) => resolve(r.resume().statusCode!)).on("error", reject);
    });
    expect(noAgent).toBe(200);
    await visit(`${server.url}/careers`, { "user-agent": "wrk/4.2" });

    const viewsOfCareers = async () =>
      // One entry a view (a row counts the alike views of one second).
      (await shared.handle.db.select().from(schema.pageViews).where(and(eq(schema.pageViews.path, "/careers"), gt(schema.pageViews.id, last ?? 0)))).flatMap(
        ({ source, medium, campaign, referrer, views }) => Array.from({ length: views }, () => ({ source, medium, campaign, referrer })),
      );
    await expect.poll(async () => (await viewsOfCareers()).length, { timeout: 20_000 }).toBe(4);
    const fromCampaign = { source: "newsletter", medium: "email", campaign: "Vinter", referrer: "linkedin.com" };
    expect(await viewsOfCareers()).toEqual(
      expect.arrayContaining([
        fromCampaign,
        fromCampaign,
        fromCampaign,
        { source: null, medium: null, campaign: null, referrer: null },
      ]),
    );
  });

  it("keeps one entry per page whatever a link adds: tracking and unknown parameters get the plain page", async () => {
    const server = await startInstance();
    const entryOf = (response: Response) => /^W\/"([^":]+):/.exec(response.headers.get("etag") ?? "")?.[1];
    const withoutNonce = async (response: Response) =>
      (await response.text()).replaceAll(nonceOf(response.headers.get("content-security-policy"))!, "N");

    // The first visit arrives from a newsletter link: rendered at the plain address, so the
    // stored page (and the footer form's way back) carries nobody's campaign.
    const fromNewsletter = await visit(`${server.url}/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
    const entry = entryOf(fromNewsletter);
    expect(entry).toBeTruthy();
    const body = await withoutNonce(fromNewsletter);
    expect(body).not.toContain("utm_");
    expect(body).not.toContain("newsletter&amp;");
    for (const link of ["/about", "/about?fbclid=IwAR0abc", "/about?gclid=xyz&utm_source=ads", "/about?a=1&b=2"]) {
      const response = await visit(`${server.url}${link}`);
      expect(entryOf(response), link).toBe(entry);
      expect(await withoutNonce(response), link).toBe(body);
    }

    // An attacker's 10,000 distinct query strings: still that one entry, never a render each.
    const queries = Array.from({ length: 10_000 }, (_, i) => `/about?q${i}=${i}&utm_content=${i}`);
    for (let i = 0; i < queries.length; i += 50) {
      const batch = await Promise.all(queries.slice(i, i + 50).map((q) => visit(`${server.url}${q}`)));
      for (const response of batch) {
        expect(entryOf(response)).toBe(entry);
        await response.arrayBuffer();
      }
    }
    expect(entryOf(await visit(`${server.url}/about`))).toBe(entry);

    // A parameter that makes the answer personal (the footer sign-up's result) is never cached.
    const personal = await visit(`${server.url}/about?newsletter=subscribed`);
    expect(personal.headers.get("etag")).toBeNull();
    expect(personal.headers.get("cache-control")).toContain("no-store");
    // A ceiling for 10,000 requests on a busy 2-core machine (seconds when it is idle), not a timing.
  }, 900_000);

  it("after a change, renders each page once per process while visitors get the previous copy, then the new one", async () => {
    // Debug lines name every render ("page rendered"), so the renders can be counted.
    const server = await startInstance({ LOG_LEVEL: "debug" });
    const rendersOf = (address: string) =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"page rendered"') && line.includes(`"address":"${address}"`)).length;
    for (let i = 0; i < 2; i++) expect(await (await visit(`${server.url}/careers`)).text()).not.toContain("Stampede");
    expect(rendersOf("/careers")).toBe(1);

    // A listing published in one statement: the database tells every process (NOTIFY content_changed).
    const title = `Stampede-proof engineer ${randomBytes(4).toString("hex")}`;
    await shared.handle.db.insert(schema.jobListings).values({
      slug: `stampede-${randomBytes(4).toString("hex")}`,
      title,
      location: "Oslo",
      type: "Full-time",
      description: "Renders once.",
      applyLink: "mailto:jobs@fjordform.test",
    });

    // 32 visitors at a time (some from a campaign link: the same page) until the new copy shows.
    const batch = () =>
      Promise.all(
        Array.from({ length: 32 }, async (_, i) => {
          const response = await visit(`${server.url}/careers${i % 2 ? "?utm_source=x" : ""}`);
          expect(response.status).toBe(200);
          return (await response.text()).includes(title);
        }),
      );
    const deadline = Date.now() + 60_000; // a ceiling on a busy machine, not a timing
    let sawNew = false;
    while (!sawNew && Date.now() < deadline) sawNew = (await batch()).some(Boolean);
    expect(sawNew).toBe(true);
    // Once that one render is done, everyone gets the new copy; and it was the only render.
    expect(await batch()).toEqual(Array.from({ length: 32 }, () => true));
    expect(rendersOf("/careers")).toBe(2);
  }, 120_000);

  it("shows a case study published in the database on / and /work at once, though their lists are kept in memory", async () => {
    // Rendered every time, so what is seen is the showcase lists the server keeps between changes.
    const server = await startInstance({ PAGE_CACHE: "false" });
    const title = `Kept-list proof ${randomBytes(4).toString("hex")}`;
    for (const page of ["/", "/work"]) {
      for (let i = 0; i < 2; i++) expect(await (await visit(`${server.url}${page}`)).text()).not.toContain(title);
    }
    const slug = `kept-${randomBytes(4).toString("hex")}`;
    await shared.handle.db.insert(schema.portfolioItems).values({
      slug,
      title,
      status: "published",
      featured: true,
      sortOrder: -1, // first, so it is among the home page's three
      videoMp4: "/m/kept.mp4",
      poster: "kept.webp",
      posterJpeg: "kept.jpg",
    });
    try {
      // The database tells every process (NOTIFY content_changed) within moments: a ceiling, not a timing.
      for (const page of ["/", "/work"]) {
        await expect
          .poll(async () => (await (await visit(`${server.url}${page}`)).text()).includes(title), { timeout: 10_000 })
          .toBe(true);
      }
    } finally {
      await shared.handle.db.delete(schema.portfolioItems).where(eq(schema.portfolioItems.slug, slug));
    }
    // React Router's routes are made once per build and kept between renders (patches/):
    // pages rendered one after another on one server each still get their own page.
    for (const [page, heading] of [["/blog", "<h1"], ["/about", "<h1"], ["/careers", "<h1"]] as const) {
      const response = await visit(`${server.url}${page}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(heading);
      expect(html).toContain(`<link rel="canonical" href="`);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toMatch(new RegExp(`${page}$`));
    }
    expect((await visit(`${server.url}/no-such-page-${slug}`)).status).toBe(404);
  });

  it("never keeps a page for someone with a session", async () => {
    const server = await startInstance();
    await visit(`${server.url}/blog`);
    const staff = await visit(`${server.url}/blog`, { cookie: "session=whatever" });
    expect(staff.headers.get("etag")).toBeNull();
    expect(staff.headers.get("cache-control")).toBe("private, no-store");
  });

  it("shows a post published on one instance on both at once", async () => {
    const [a, b] = [await startInstance(), await startInstance()];
    const apiTitles = async (url: string) => {
      const response = await visit(`${url}/api/blog`);
      const { data } = (await response.json()) as { data: { title: string }[] };
      return { cached: response.headers.get("cache-control")?.includes("s-maxage") ?? false, titles: data.map((p) => p.title) };
    };
    for (const server of [a, b]) {
      expect(await (await visit(`${server.url}/blog`)).text()).toContain("No blog posts yet");
      // The public JSON read is kept like a page, for visitors without a session.
      expect(await apiTitles(server.url)).toEqual({ cached: true, titles: [] });
      expect(await apiTitles(server.url)).toEqual({ cached: true, titles: [] });
    }

    const signIn = await fetch(`${a.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "cache@fjordform.test", password }),
      redirect: "manual",
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session=");
    const published = await fetch(`${a.url}/api/blog`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: a.url },
      body: JSON.stringify({ title: "Cache proof", excerpt: "Seen at once", author: "Cache Tester", content: "Body." }),
    });
    expect(published.status).toBe(201);

    // Instance A cleared its cache before answering; B hears it from PostgreSQL within
    // moments (a NOTIFY after the commit), so B is polled with a ceiling.
    expect(await (await visit(`${a.url}/blog`)).text()).toContain("Cache proof");
    await expect
      .poll(async () => (await (await visit(`${b.url}/blog`)).text()).includes("Cache proof"), { timeout: 10_000 })
      .toBe(true);
    for (const server of [a, b]) expect((await apiTitles(server.url)).titles).toEqual(["Cache proof"]);
    expect(await viewsOf("/api/blog"), "the JSON read is no page view").toBe(0);
    // With a session it is never kept.
    const staffRead = await fetch(`${a.url}/api/blog`, { headers: { cookie } });
    expect(staffRead.headers.get("cache-control")).toBe("private, no-store");
  });
});
