import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads, validated once at start-up. A wrong value stops the
 * process with a message naming the variable, instead of failing later in a request.
 * The README lists each of these; keep the two in step.
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

/** Variables whose values never appear in an error message (the log would keep them). */
const SECRET_VARIABLES = new Set(["SECRETS_KEY"]);

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
  TRUST_PROXY: proxyCount.default(0),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  TEST_HOOKS: booleanFlag.default(false),
  PAGE_CACHE: booleanFlag.default(true),
  CONTACT_ENDPOINT: z
    .string()
    .refine((value) => value.startsWith("/") || URL.canParse(value), {
      message: "must be a path like /api/contact or a URL",
    })
    .default("/api/contact"),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = SECRET_VARIABLES.has(name) ? "the value is not shown" : `got ${JSON.stringify(env[name])}`;
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
      ? [siteUrl.origin]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${values.PORT}`),
    logLevel: values.LOG_LEVEL,
    rateLimitMultiplier: values.RATE_LIMIT_MULTIPLIER,
    /** Where the contact form posts; configurable, default /api/contact. */
    contactEndpoint: values.CONTACT_ENDPOINT,
    /** Public pages rendered once per content version (docs/decisions/018); off only to measure. */
    pageCache: values.PAGE_CACHE,
    /** Tests only: move the server's clock, simulate a database outage (POST /__test/…). */
    testHooks: values.TEST_HOOKS,
  };
}

let cached: Config | undefined;

/** The process-wide configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
