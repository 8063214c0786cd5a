import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/lib/config.server";

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
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}:.*got "${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`));
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
});
