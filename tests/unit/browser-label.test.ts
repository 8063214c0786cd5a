import { describe, expect, it } from "vitest";
import { approximateNetwork, browserLabel } from "~/lib/auth/browser-label";

// What the sessions page and the new-browser e-mail call a browser and its network (decision 067).
describe("browserLabel", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome på Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari på iPhone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari på Mac",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge på Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox på Linux"],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome på Android",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      "Chrome på iPad",
    ],
    ["curl/8.5.0", "Ukjent nettleser"],
    ["", "Ukjent nettleser"],
    [null, "Ukjent nettleser"],
  ])("%s → %s", (ua, label) => {
    expect(browserLabel(ua)).toBe(label);
  });
});

describe("approximateNetwork", () => {
  it.each([
    ["203.0.113.45", "203.0.113.x"],
    ["::ffff:198.51.100.7", "198.51.100.x"],
    ["2001:db8:7:1::9", "2001:db8:7::/48"],
    ["2001:0db8:0000:0001:0000:0000:0000:0001", "2001:db8:0::/48"],
    ["::1", "0:0:0::/48"],
    ["fe80::1%eth0", "fe80:0:0::/48"],
    ["not an address", "ukjent nettverk"],
    ["1:2:3:4:5:6:7:8:9", "ukjent nettverk"],
    [null, "ukjent nettverk"],
  ])("%s → %s", (ip, network) => {
    expect(approximateNetwork(ip)).toBe(network);
  });
});
