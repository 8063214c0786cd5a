import { beforeAll, describe, expect, it } from "vitest";
import { setUpProductionServer } from "../support/production-server";
import { BROWSER_UA, freePort } from "../support/server-process";

// /metrics of the production server (decision 061): refused without its token on the
// public port, open on METRICS_PORT only there, and its counters move with the requests
// a visitor makes, labelled by route id, never by the address asked for.

const TOKEN = "metrics-token-for-tests-only-0123";
let metricsPort: number;
beforeAll(async () => {
  metricsPort = await freePort();
});
const fixture = setUpProductionServer("metrics", {
  env: () => ({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) }),
});
// A second server without METRICS_TOKEN: there is no /metrics on its public port at all.
const plain = setUpProductionServer("metrics-off");

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function scrape() {
  const response = await fetch(`${fixture.server.url}/metrics`, bearer(TOKEN));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series in a scrape, 0 when it is not there yet. */
function value(text: string, series: string) {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const visit = (path: string) => fetch(fixture.server.url + path, { headers: { "user-agent": BROWSER_UA } });

describe("/metrics", () => {
  it("is refused without the token, with a wrong one, and absent when no token is configured", async () => {
    const none = await fetch(`${fixture.server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(await none.text()).not.toContain("http_request");
    expect((await fetch(`${fixture.server.url}/metrics`, bearer(`${TOKEN}x`))).status).toBe(401);
    expect((await fetch(`${fixture.server.url}/metrics`, bearer(TOKEN.slice(1)))).status).toBe(401);
    const off = await fetch(`${plain.server.url}/metrics`);
    expect(off.status).toBe(404);
    expect(await off.text(), "the site's own 404 page, as for any unknown address").toContain("</html>");
    expect((await fetch(`${plain.server.url}/metrics`, bearer(TOKEN))).status).toBe(404);
  });

  it("counts requests by route id and status, page-cache hits and misses, and render time", async () => {
    const home = 'http_request_duration_seconds_count{route="routes/site/home",status="200"}';
    const post404 = 'http_request_duration_seconds_count{route="routes/site/blog.post",status="404"}';
    const hits = 'page_cache_lookups_total{result="hit"}';
    const misses = 'page_cache_lookups_total{result="miss"}';
    const renders = 'page_render_duration_seconds_count{route="routes/site/blog.post"}';
    const before = await scrape();

    // The first visit of / after the start may render it; the next ones are hits.
    for (let i = 0; i < 3; i++) expect((await visit("/")).status).toBe(200);
    expect((await visit("/blog/no-such-post-here")).status).toBe(404);
    expect((await visit("/blog/another-missing-post")).status).toBe(404);

    const after = await scrape();
    expect(value(after, home) - value(before, home)).toBe(3);
    expect(value(after, hits) - value(before, hits)).toBeGreaterThanOrEqual(2);
    // The two 404s are two misses (a 404 is not stored) and two renders of the post route.
    expect(value(after, misses) - value(before, misses)).toBeGreaterThanOrEqual(2);
    expect(value(after, post404) - value(before, post404)).toBe(2);
    expect(value(after, renders) - value(before, renders)).toBe(2);
    // Labelled by route, not by URL: the addresses asked for are nowhere in it.
    expect(after).not.toContain("no-such-post-here");
    // The latency histogram has its buckets, and the rest of what the operator watches is there.
    expect(after).toContain('http_request_duration_seconds_bucket{le="0.005",route="routes/site/home",status="200"}');
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(after).toMatch(/^db_pool_connections\{state="max"\} 10$/m);
    expect(after).toMatch(/^mail_outbox_messages\{state="pending"\} \d+$/m);
    expect(after).toMatch(/^mail_outbox_messages\{state="failed"\} \d+$/m);
    // No backup has reported yet: the age is absent, not a reassuring 0.
    expect(after).not.toMatch(/^backup_last_success_age_seconds /m);
  });

  it("is served on METRICS_PORT, with the token when one is set, and nothing else is", async () => {
    const base = `http://127.0.0.1:${metricsPort}`;
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const ok = await fetch(`${base}/metrics`, bearer(TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("http_request_duration_seconds_count");
    const page = await fetch(`${base}/`, bearer(TOKEN));
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Made for you");
  });
});

