import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads, validated once at start-up. A wrong value stops the
 * process with a message naming the variable, instead of failing later in a request.
 * docs/configuration.md lists each of these; keep the two in step.
 */
const booleanFlag = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

/** How many proxies stand in front of the app: "false"/"" none, "true" one (as before), or a count. */
const MAX_TRUSTED_PROXIES = 10;
const proxyCount = z
  .string()
  .refine((value) => ["", "true", "false"].includes(value) || (/^\d{1,2}$/.test(value) && Number(value) <= MAX_TRUSTED_PROXIES), {
    message: `must be false, true or the number of proxies in front of the app (0-${MAX_TRUSTED_PROXIES})`,
  })
  .transform((value) => (value === "true" ? 1 : value === "false" || value === "" ? 0 : Number(value)));

const urlWithProtocols = (protocols: string[]) =>
  z.url().refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
    message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  });

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET_RULE = "must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens";
const REGION_NAME = /^[a-z0-9-]+$/;
const REGION_RULE = "must be a region name such as eu-north-1 (or auto)";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

/**
 * SECRETS_KEY: 32 random bytes, as 64 hex digits or base64/base64url (`openssl rand
 * -base64 32`). Null when the text is not exactly that.
 */
export function decodeSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const key = Buffer.from(value, "base64");
  return key.byteLength === 32 ? key : null;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.preprocess(emptyToUndefined, urlWithProtocols(["postgres:", "postgresql:"]).optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  SITE_URL: z.preprocess(emptyToUndefined, urlWithProtocols(["http:", "https:"]).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, urlWithProtocols(["smtp:", "smtps:"]).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
  MEDIA_BASE_URL: z.preprocess(emptyToUndefined, urlWithProtocols(["http:", "https:"]).optional()),
  SECRETS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => decodeSecretsKey(value) !== null, {
        message: "must be 32 random bytes as base64 or 64 hex digits (e.g. `openssl rand -base64 32`)",
      })
      .optional(),
  ),
  S3_URL: z.preprocess(emptyToUndefined, urlWithProtocols(["s3:", "s3+http:"]).optional()),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, urlWithProtocols(["http:", "https:"]).optional()),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().regex(BUCKET_NAME, BUCKET_RULE).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().regex(REGION_NAME, REGION_RULE).optional()),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  TRUST_PROXY: proxyCount.default(0),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  FORM_MIN_SECONDS: z.coerce.number().min(0).max(60).default(3),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  TEST_HOOKS: booleanFlag.default(false),
  PAGE_CACHE: booleanFlag.default(true),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  VIDEO_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
  // Backups (docs/decisions/058): when the daily one runs (Oslo time, or "off"), how many
  // days they are kept, and the passphrase that encrypts them (and lets the key go in).
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be HH:MM (Oslo time) or "off"')
    .default("03:00"),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  BACKUP_PASSPHRASE: z.preprocess(emptyToUndefined, z.string().min(12, "must be at least 12 characters").optional()),
  CONTACT_ENDPOINT: z
    .string()
    .refine((value) => value.startsWith("/") || URL.canParse(value), {
      message: "must be a path like /api/contact or a URL",
    })
    .default("/api/contact"),
});

export type Config = ReturnType<typeof parseConfig>;

/** Settings that carry a secret: a refusal names them but does not print them to the log. */
const SECRET_SETTINGS = new Set([
  "S3_URL",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "SECRETS_KEY",
  "BACKUP_PASSPHRASE",
  "METRICS_TOKEN",
]);

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = SECRET_SETTINGS.has(name) ? "value not shown" : `got ${JSON.stringify(env[name])}`;
      return `  ${issue.path.join(".")}: ${issue.message} (${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = result.data;
  const siteUrl = new URL(values.SITE_URL ?? `http://localhost:${values.PORT}`);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(siteUrl.hostname);
  if (values.TEST_HOOKS && (siteUrl.protocol === "https:" || !loopback)) {
    throw new ConfigError(
      "Invalid configuration:\n  TEST_HOOKS: only for tests; it needs SITE_URL on localhost or 127.0.0.1 over http",
    );
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError("Invalid configuration:\n  METRICS_PORT: must differ from PORT (use METRICS_TOKEN for /metrics on PORT)");
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(values.DATA_DIR),
    siteUrl: siteUrl.origin,
    /** Cookies get Secure and the __Host- prefix when the public address is HTTPS. */
    secureCookies: siteUrl.protocol === "https:",
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mediaBaseUrl: values.MEDIA_BASE_URL?.replace(/\/+$/, ""),
    /** Where uploaded media are kept: DATA_DIR/uploads, or a bucket (docs/decisions/022). */
    mediaStorage: mediaStorage(values, path.resolve(values.DATA_DIR)),
    /**
     * The key for secrets at rest (SECRETS_KEY; platform/secrets-key.server.ts). Unset:
     * generated into DATA_DIR/secrets.key for the embedded database; required with
     * DATABASE_URL except in development.
     */
    secretsKey: values.SECRETS_KEY ? decodeSecretsKey(values.SECRETS_KEY)! : undefined,
    /**
     * Proxies in front of the app (TRUST_PROXY): the client address is this many entries
     * from the right of X-Forwarded-For; 0 takes the socket's address.
     */
    trustedProxies: values.TRUST_PROXY,
    /**
     * Origins whose state-changing requests are accepted (server/security.ts): SITE_URL's,
     * whatever Host header a proxy sends. Without SITE_URL, this server on its loopback names.
     */
    writeOrigins: values.SITE_URL
      ? [siteUrl.origin, ...loopbackTwin(siteUrl)]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${values.PORT}`),
    logLevel: values.LOG_LEVEL,
    rateLimitMultiplier: values.RATE_LIMIT_MULTIPLIER,
    /**
     * The visitor forms' time trap (decision 062): a form sent sooner than this after it
     * was rendered is refused. 0 turns it off (the browser tests, which type at machine speed).
     */
    formMinSeconds: values.FORM_MIN_SECONDS,
    /** How many newsletter e-mails a send releases into the outbox per minute (all processes together). */
    newsletterRatePerMinute: values.NEWSLETTER_RATE_PER_MINUTE,
    /** Where the contact form posts; configurable, default /api/contact. */
    contactEndpoint: values.CONTACT_ENDPOINT,
    /** Public pages rendered once per content version (docs/decisions/018); off only to measure. */
    pageCache: values.PAGE_CACHE,
    /** The largest showcase video staff may upload (each file), in bytes (VIDEO_MAX_MB). */
    videoMaxBytes: values.VIDEO_MAX_MB * 1024 * 1024,
    /** Scheduled backups (docs/decisions/058): the Oslo time of day ("HH:MM") or undefined for none. */
    backupTime: values.BACKUP_TIME === "off" ? undefined : values.BACKUP_TIME,
    backupKeepDays: values.BACKUP_KEEP_DAYS,
    backupPassphrase: values.BACKUP_PASSPHRASE,
    /**
     * /metrics (decision 061): on PORT for a request with `Authorization: Bearer METRICS_TOKEN`,
     * and/or on METRICS_PORT at METRICS_HOST (loopback by default) without one. Neither: no /metrics.
     */
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT, host: values.METRICS_HOST },
    /** Tests only: move the server's clock, simulate a database outage (POST /__test/…). */
    testHooks: values.TEST_HOOKS,
  };
}

export type S3Settings = {
  /** Unset: AWS S3 itself, found by the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, an instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};
export type MediaStorageSettings = { driver: "local"; dir: string } | { driver: "s3"; s3: S3Settings };

type EnvValues = z.output<typeof envSchema>;
const S3_PARTS = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"] as const;
// Most S3-compatible stores (MinIO, Ceph, s3rver) accept any region name but need one.
const DEFAULT_S3_REGION = "us-east-1";

/**
 * S3_URL, `s3://KEY:SECRET@host[:port]/bucket?region=…&forcePathStyle=true` (`s3+http://`
 * for a store without TLS, e.g. MinIO on the same host), or the same in separate S3_*
 * variables; never both, so no setting is silently ignored. Neither: the local folder.
 */
function mediaStorage(values: EnvValues, dataDir: string): MediaStorageSettings {
  const parts = S3_PARTS.filter((name) => values[name] !== undefined);
  if (values.S3_URL && parts.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  S3_URL: set either S3_URL or ${parts.join(", ")}, not both`);
  }
  if (values.S3_URL) return { driver: "s3", s3: s3FromUrl(values.S3_URL) };
  if (parts.length === 0) return { driver: "local", dir: path.join(dataDir, "uploads") };
  if (!values.S3_BUCKET) throw new ConfigError("Invalid configuration:\n  S3_BUCKET: needed with the other S3_* settings");
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  }
  return {
    driver: "s3",
    s3: {
      endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ""),
      bucket: values.S3_BUCKET,
      region: values.S3_REGION ?? DEFAULT_S3_REGION,
      forcePathStyle: values.S3_FORCE_PATH_STYLE,
      credentials:
        values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
  };
}

function s3FromUrl(value: string): S3Settings {
  const url = new URL(value);
  // The value may hold a secret: the messages never repeat it.
  const invalid = (why: string) => new ConfigError(`Invalid configuration:\n  S3_URL: ${why}`);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, "");
  if (!BUCKET_NAME.test(bucket)) throw invalid(`the path ${BUCKET_RULE}, e.g. s3://KEY:SECRET@host/bucket`);
  const region = url.searchParams.get("region") ?? DEFAULT_S3_REGION;
  if (!REGION_NAME.test(region)) throw invalid(`region ${REGION_RULE}`);
  const pathStyle = url.searchParams.get("forcePathStyle") ?? "false";
  if (!["true", "false"].includes(pathStyle)) throw invalid("forcePathStyle must be true or false");
  const unknown = [...url.searchParams.keys()].filter((key) => key !== "region" && key !== "forcePathStyle");
  if (unknown.length > 0) throw invalid(`unknown option ${unknown.join(", ")} (region and forcePathStyle are known)`);
  if (Boolean(url.username) !== Boolean(url.password)) throw invalid("give both the access key id and the secret, or neither");
  return {
    endpoint: `${url.protocol === "s3+http:" ? "http" : "https"}://${url.host}`,
    bucket,
    region,
    forcePathStyle: pathStyle === "true",
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

let cached: Config | undefined;

/** The process-wide configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * A site on a loopback IP (tests, a laptop) also on "localhost" at the same port: browsers
 * refuse an IP address as a passkey's RP ID, so passkeys work there only under that name
 * (auth/webauthn.server.ts, decision 065). Nothing for any other address.
 */
function loopbackTwin(siteUrl: URL) {
  return siteUrl.hostname === "127.0.0.1" || siteUrl.hostname === "[::1]"
    ? [`${siteUrl.protocol}//localhost${siteUrl.port ? `:${siteUrl.port}` : ""}`]
    : [];
}
