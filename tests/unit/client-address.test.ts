import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { rateLimitKeyForIp } from "~/lib/platform/rate-limit.server";
import { clientAddress, sameOriginWrites } from "../../server/security";

// Issue 12: rate-limit keys per network an attacker actually controls, the client
// address behind N trusted proxies, and the Origin check against SITE_URL.

describe("rateLimitKeyForIp", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitKeyForIp("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKeyForIp(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(rateLimitKeyForIp("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKeyForIp("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(rateLimitKeyForIp("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2::abcd",
      "2001:DB8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:3:4:5.6.7.8",
    ]) {
      expect(rateLimitKeyForIp(address), address).toBe(key);
    }
    expect(rateLimitKeyForIp("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitKeyForIp("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKeyForIp("::1")).toBe("0:0:0:0::/64");
  });

  it("drops a port, brackets and a zone index", () => {
    expect(rateLimitKeyForIp("[2001:db8:1:2::1]:443")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyForIp("[2001:db8:1:2::1]")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyForIp("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(rateLimitKeyForIp("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("leaves anything that is not an address alone", () => {
    expect(rateLimitKeyForIp("unknown")).toBe("unknown");
    expect(rateLimitKeyForIp("")).toBe("");
  });
});

describe("clientAddress behind TRUST_PROXY proxies", () => {
  const socketAddress = "10.0.0.9";
  const forwardedFor = "198.51.100.1, 203.0.113.5, 10.0.0.2";

  it("with no trusted proxy, is the socket address whatever X-Forwarded-For says", () => {
    expect(clientAddress({ forwardedFor, socketAddress, trustedProxies: 0 })).toBe(socketAddress);
  });

  it("is that many entries from the right of X-Forwarded-For", () => {
    expect(clientAddress({ forwardedFor, socketAddress, trustedProxies: 1 })).toBe("10.0.0.2");
    expect(clientAddress({ forwardedFor, socketAddress, trustedProxies: 2 })).toBe("203.0.113.5");
    expect(clientAddress({ forwardedFor, socketAddress, trustedProxies: 3 })).toBe("198.51.100.1");
  });

  it("takes the leftmost entry when there are fewer entries than proxies, and the socket without the header", () => {
    expect(clientAddress({ forwardedFor: "203.0.113.5", socketAddress, trustedProxies: 2 })).toBe("203.0.113.5");
    expect(clientAddress({ forwardedFor: undefined, socketAddress, trustedProxies: 1 })).toBe(socketAddress);
    expect(clientAddress({ forwardedFor: " , ", socketAddress, trustedProxies: 1 })).toBe(socketAddress);
  });

  it("ignores empty entries a client wrote to shift the count", () => {
    // The client sent "spoof, , ," and one proxy appended the address it saw.
    expect(clientAddress({ forwardedFor: "spoof, , , 203.0.113.5", socketAddress, trustedProxies: 1 })).toBe("203.0.113.5");
  });
});

describe("sameOriginWrites compares Origin with SITE_URL, not with the Host header", () => {
  const site = "http://127.0.0.1:3210";
  const app = new Hono();
  app.use(sameOriginWrites(() => [site]));
  app.post("/form", (c) => c.text("ok"));
  const post = (host: string, headers: Record<string, string>) => app.request(`http://${host}/form`, { method: "POST", headers });

  it("lets SITE_URL's origin through whatever Host the proxy sent", async () => {
    expect((await post("internal:3000", { origin: site })).status).toBe(200);
    expect((await post("127.0.0.1:3210", { origin: site })).status).toBe(200);
  });

  it("refuses an Origin that only matches the Host header", async () => {
    const response = await post("internal:3000", { origin: "http://internal:3000" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused" });
  });

  it("refuses a foreign Origin, and a cross-site request without one", async () => {
    expect((await post("127.0.0.1:3210", { origin: "https://evil.example" })).status).toBe(403);
    expect((await post("127.0.0.1:3210", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post("127.0.0.1:3210", {})).status).toBe(200);
  });
});
