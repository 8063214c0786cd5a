import { describe, expect, it } from "vitest";
import { BROWSER_UA } from "../support/server-process";
import { productionServerForThisFile } from "./helpers";

// Issue 12: the visitor forms' per-IP limit (5 in 10 minutes) behind two proxies
// (TRUST_PROXY=2), with the client address taken from X-Forwarded-For and grouped the
// way addresses are handed out: an IPv6 /64 is one visitor, ::ffff:a.b.c.d is a.b.c.d.

const server = productionServerForThisFile({ TRUST_PROXY: "2", RATE_LIMIT_MULTIPLIER: "1" });
const LAST_PROXY = "10.0.0.2"; // what the second proxy appends (the first one's address)
const TOO_MANY = "Too many requests. Please wait a few minutes and try again.";

let sequence = 0;
/** One contact request through the two proxies: the client sent `clientSent`, proxy 1 saw `client`. */
async function contactFrom(client: string, clientSent?: string) {
  const n = ++sequence;
  clientSent ??= `198.18.0.${n % 250}`; // changes every time: it must not matter
  const response = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": BROWSER_UA,
      "x-forwarded-for": `${clientSent}, ${client}, ${LAST_PROXY}`,
    },
    body: JSON.stringify({ company: `Limit ${n}`, project: "Rate limit keys", email: `limit${n}@example.no` }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error, retryAfter: response.headers.get("retry-after") };
}

describe("TRUST_PROXY=2: the client is the second X-Forwarded-For entry from the right", () => {
  it("whatever the client itself wrote to the left of it", async () => {
    for (let i = 0; i < 5; i++) expect((await contactFrom("203.0.113.50")).status, `request ${i + 1}`).toBe(201);
    const refused = await contactFrom("203.0.113.50", "1.2.3.4");
    expect(refused.status).toBe(429);
    expect(refused.error).toBe(TOO_MANY);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Another client behind the same proxies has its own limit.
    expect((await contactFrom("203.0.113.51")).status).toBe(201);
  });
});

describe("rate-limit keys", () => {
  it("group IPv6 addresses by /64: a new address in the same /64 is still over the limit", async () => {
    for (let i = 1; i <= 5; i++) expect((await contactFrom(`2001:db8:aa:1::${i}`)).status, `address ${i}`).toBe(201);
    for (const next of ["2001:db8:aa:1:ffff:ffff:ffff:ffff", "2001:DB8:AA:1::99", "[2001:db8:aa:1::7]:443"]) {
      const refused = await contactFrom(next);
      expect(refused.status, next).toBe(429);
      expect(refused.error).toBe(TOO_MANY);
    }
    // The neighbouring /64 is someone else.
    expect((await contactFrom("2001:db8:aa:2::1")).status).toBe(201);
  });

  it("treat an IPv4-mapped IPv6 address as the IPv4 address", async () => {
    for (const address of ["::ffff:192.0.2.77", "192.0.2.77", "::ffff:192.0.2.77", "192.0.2.77", "::ffff:c000:24d"]) {
      expect((await contactFrom(address)).status, address).toBe(201);
    }
    expect((await contactFrom("192.0.2.77")).status).toBe(429);
    expect((await contactFrom("::ffff:192.0.2.77")).status).toBe(429);
  });
});
