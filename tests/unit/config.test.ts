import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/lib/platform/config.server";

describe("configuration", () => {
  it("starts with no settings at all: port 3000, embedded database in ./data", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.secureCookies).toBe(false);
  });

  it("treats an https SITE_URL as the public address and turns on secure cookies", () => {
    const config = parseConfig({ SITE_URL: "https://www.fjordform.no/", PORT: "8080" });
    expect(config.siteUrl).toBe("https://www.fjordform.no");
    expect(config.secureCookies).toBe(true);
    expect(config.port).toBe(8080);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SITE_URL", "not a url"],
    ["SMTP_URL", "http://mail.example.com"],
    ["MEDIA_BASE_URL", "ftp://cdn.example.com"],
    ["TRUST_PROXY", "maybe"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "1.5"],
    ["TRUST_PROXY", "11"],
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}:.*got "${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`));
  });

  it("reads TRUST_PROXY as the number of proxies in front of the app; true is one, false none", () => {
    expect(parseConfig({}).trustedProxies).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "" }).trustedProxies).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustedProxies).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "0" }).trustedProxies).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "true" }).trustedProxies).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "1" }).trustedProxies).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustedProxies).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY: "two" })).toThrow(/TRUST_PROXY: must be false, true or the number of proxies/);
  });

  it("accepts writes from SITE_URL's origin only; without SITE_URL, from this server on a loopback name", () => {
    expect(parseConfig({ SITE_URL: "https://www.fjordform.no/" }).writeOrigins).toEqual(["https://www.fjordform.no"]);
    expect(parseConfig({ PORT: "3210" }).writeOrigins).toEqual([
      "http://localhost:3210",
      "http://127.0.0.1:3210",
      "http://[::1]:3210",
    ]);
  });

  it("allows the test hooks only for a local http site", () => {
    expect(parseConfig({ TEST_HOOKS: "true", SITE_URL: "http://127.0.0.1:3210" }).testHooks).toBe(true);
    expect(() => parseConfig({ TEST_HOOKS: "true", SITE_URL: "https://www.fjordform.no" })).toThrow(/TEST_HOOKS/);
    expect(() => parseConfig({ TEST_HOOKS: "true", SITE_URL: "http://fjordform.no" })).toThrow(/TEST_HOOKS/);
  });

  it("accepts a PostgreSQL URL and strips a trailing slash from the media base URL", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://app:secret@db.internal:5432/site",
      MEDIA_BASE_URL: "https://media.fjordform.no/",
    });
    expect(config.databaseUrl).toBe("postgres://app:secret@db.internal:5432/site");
    expect(config.mediaBaseUrl).toBe("https://media.fjordform.no");
  });

  it("reads SECRETS_KEY as 32 bytes in base64 or hex, and never repeats a wrong one in its message", () => {
    const key = Buffer.alloc(32, 7);
    expect(parseConfig({ SECRETS_KEY: key.toString("base64") }).secretsKey).toEqual(key);
    expect(parseConfig({ SECRETS_KEY: key.toString("base64url") }).secretsKey).toEqual(key);
    expect(parseConfig({ SECRETS_KEY: key.toString("hex") }).secretsKey).toEqual(key);
    expect(parseConfig({ SECRETS_KEY: "" }).secretsKey).toBeUndefined();
    for (const wrong of ["hunter2", Buffer.alloc(16, 7).toString("base64"), Buffer.alloc(33, 7).toString("hex")]) {
      expect(() => parseConfig({ SECRETS_KEY: wrong })).toThrow(/SECRETS_KEY: must be 32 random bytes.*\(the value is not shown\)/);
      expect(() => parseConfig({ SECRETS_KEY: wrong })).not.toThrow(wrong);
    }
  });
});
