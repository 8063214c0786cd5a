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
    // A loopback IP's "localhost" twin, where passkeys work (browsers refuse an IP as RP ID; decision 065).
    expect(parseConfig({ SITE_URL: "http://127.0.0.1:4100" }).writeOrigins).toEqual([
      "http://127.0.0.1:4100",
      "http://localhost:4100",
    ]);
    expect(parseConfig({ SITE_URL: "http://localhost:4100" }).writeOrigins).toEqual(["http://localhost:4100"]);
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

  it("keeps uploads in DATA_DIR/uploads unless a bucket is configured", () => {
    expect(parseConfig({ DATA_DIR: "/srv/site" }).mediaStorage).toEqual({ driver: "local", dir: "/srv/site/uploads" });
  });

  it("reads S3_URL: key and secret (percent-decoded), host and port, bucket, region, path style", () => {
    const url = "s3://AKIA123:se%2Fcr%2Bet@s3.eu-north-1.amazonaws.com/fjordform-media?region=eu-north-1";
    expect(parseConfig({ S3_URL: url }).mediaStorage).toEqual({
      driver: "s3",
      s3: {
        endpoint: "https://s3.eu-north-1.amazonaws.com",
        bucket: "fjordform-media",
        region: "eu-north-1",
        forcePathStyle: false,
        credentials: { accessKeyId: "AKIA123", secretAccessKey: "se/cr+et" },
      },
    });
    const local = parseConfig({ S3_URL: "s3+http://minio:minio123@127.0.0.1:9000/media/?forcePathStyle=true" });
    expect(local.mediaStorage).toEqual({
      driver: "s3",
      s3: {
        endpoint: "http://127.0.0.1:9000",
        bucket: "media",
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "minio", secretAccessKey: "minio123" },
      },
    });
    // No key in the URL: the AWS SDK's own chain (environment, instance role).
    expect(parseConfig({ S3_URL: "s3://r2.example.com/media?region=auto" }).mediaStorage).toMatchObject({
      s3: { endpoint: "https://r2.example.com", region: "auto", credentials: undefined },
    });
  });

  it("reads the separate S3_* settings the same way", () => {
    const config = parseConfig({
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com/",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.mediaStorage).toEqual({
      driver: "s3",
      s3: {
        endpoint: "https://account.r2.cloudflarestorage.com",
        bucket: "media",
        region: "auto",
        forcePathStyle: true,
        credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      },
    });
    expect(parseConfig({ S3_BUCKET: "media" }).mediaStorage).toEqual({
      driver: "s3",
      s3: { endpoint: undefined, bucket: "media", region: "us-east-1", forcePathStyle: false, credentials: undefined },
    });
  });

  it.each([
    [{ S3_URL: "https://key:secret@host/bucket" }, /S3_URL: must start with s3:\/\/ or s3\+http:\/\//],
    [{ S3_URL: "s3://key:secret@host/" }, /S3_URL: the path must be a bucket name/],
    [{ S3_URL: "s3://key:secret@host/bucket/folder" }, /S3_URL: the path must be a bucket name/],
    [{ S3_URL: "s3://key:secret@host/bucket?regoin=x" }, /S3_URL: unknown option regoin/],
    [{ S3_URL: "s3://key:secret@host/bucket?forcePathStyle=yes" }, /S3_URL: forcePathStyle must be true or false/],
    [{ S3_URL: "s3://key@host/bucket" }, /S3_URL: give both the access key id and the secret/],
    [{ S3_URL: "s3://key:secret@host/bucket", S3_BUCKET: "other" }, /set either S3_URL or S3_BUCKET, not both/],
    [{ S3_ENDPOINT: "https://minio.internal" }, /S3_BUCKET: needed with the other S3_\* settings/],
    [{ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key" }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: "Media_Files" }, /S3_BUCKET: must be a bucket name/],
  ])("refuses the S3 settings %j, naming what is wrong", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("never repeats an S3 secret in its refusal", () => {
    for (const env of [
      { S3_URL: "https://key:hunter2@host/bucket" },
      { S3_URL: "s3://key:hunter2@host/b" },
      { S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "hunter2", S3_ENDPOINT: "ftp://x" },
    ]) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
      try {
        parseConfig(env);
      } catch (error) {
        expect(String(error)).not.toContain("hunter2");
      }
    }
  });

  it("reads SECRETS_KEY as 32 bytes in base64 or hex, and never repeats a wrong one in its message", () => {
    const key = Buffer.alloc(32, 7);
    expect(parseConfig({ SECRETS_KEY: key.toString("base64") }).secretsKey).toEqual(key);
    expect(parseConfig({ SECRETS_KEY: key.toString("base64url") }).secretsKey).toEqual(key);
    expect(parseConfig({ SECRETS_KEY: key.toString("hex") }).secretsKey).toEqual(key);
    expect(parseConfig({ SECRETS_KEY: "" }).secretsKey).toBeUndefined();
    for (const wrong of ["hunter2", Buffer.alloc(16, 7).toString("base64"), Buffer.alloc(33, 7).toString("hex")]) {
      expect(() => parseConfig({ SECRETS_KEY: wrong })).toThrow(/SECRETS_KEY: must be 32 random bytes.*\(value not shown\)/);
      expect(() => parseConfig({ SECRETS_KEY: wrong })).not.toThrow(wrong);
    }
  });

  it("offers /metrics only when asked: a token of 16+ characters (never echoed), a port of its own on loopback", () => {
    expect(parseConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: "127.0.0.1" });
    const config = parseConfig({ METRICS_TOKEN: "a-long-enough-token", METRICS_PORT: "9464" });
    expect(config.metrics).toEqual({ token: "a-long-enough-token", port: 9464, host: "127.0.0.1" });
    expect(() => parseConfig({ METRICS_TOKEN: "short-secret" })).toThrow(/METRICS_TOKEN: must be at least 16.*\(value not shown\)/);
    expect(() => parseConfig({ METRICS_TOKEN: "short-secret" })).not.toThrow(/short-secret/);
    expect(() => parseConfig({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});
