import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import type { Config } from "~/lib/platform/config.server";
import { getDatabaseHandle, pingDatabase } from "~/lib/platform/db.server";
import { metricsText, observeRequest } from "~/lib/platform/metrics.server";
import { createReadiness, READY_TIMEOUT_MS } from "~/lib/platform/readiness.server";
import { smtpGreets } from "~/lib/mail/smtp-probe.server";
import { getMediaStore } from "~/lib/media/storage/media-store.server";

/**
 * What the operator's tools read (decision 061): /readyz for a load balancer, /metrics
 * for Prometheus. /healthz ("the process is alive") stays in server/app.ts.
 */

// A key that is never stored: asking the bucket for it shows the bucket answers (404 is
// an answer) without listing or reading anything.
const BUCKET_PROBE_KEY = "readyz-probe";

export function readinessFor(config: Config) {
  return createReadiness(() => ({
    database: async () => {
      const handle = getDatabaseHandle();
      if (!handle) throw new Error("database not open");
      await pingDatabase(handle.db);
    },
    bucket: config.mediaStorage.driver === "s3" ? () => getMediaStore().head(BUCKET_PROBE_KEY) : undefined,
    mail: config.smtpUrl ? () => smtpGreets(config.smtpUrl!, READY_TIMEOUT_MS) : undefined,
  }));
}

/** 200 when every part answers, else 503; either way which part is how (no hosts, no errors). */
export async function readyz(c: Context, readiness: ReturnType<typeof readinessFor>) {
  c.header("Cache-Control", "no-store");
  const { ready, checks } = await readiness.check();
  return c.json({ status: ready ? "ok" : "error", checks }, ready ? 200 : 503);
}

/**
 * /metrics on the public port, registered only when METRICS_TOKEN is set (server/app.ts):
 * only with `Authorization: Bearer <METRICS_TOKEN>`; a missing or wrong token is 401.
 */
export async function metricsOnPublicPort(c: Context, token: string) {
  const given = c.req.header("authorization") ?? "";
  if (!sameSecret(given, `Bearer ${token}`)) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    return c.text("Unauthorized", 401);
  }
  const { contentType, body } = await metricsText();
  c.header("Cache-Control", "no-store");
  return c.body(body, 200, { "Content-Type": contentType });
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The listener of METRICS_PORT (server.js): /metrics and nothing else, for a scraper on
 * a private network or the same host. With METRICS_TOKEN set, the token is asked here too.
 */
export function metricsListener(token: string | undefined) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = (req.url ?? "").split("?")[0];
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Cache-Control": "no-store", ...headers }).end(body);
      observeRequest("metrics-port", status, performance.now() - started);
    };
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) return answer(404, "Not Found");
    if (token && !sameSecret(req.headers.authorization ?? "", `Bearer ${token}`)) return answer(401, "Unauthorized");
    metricsText().then(
      ({ contentType, body }) => answer(200, body, { "Content-Type": contentType }),
      () => answer(500, "Internal Server Error"),
    );
  };
}
