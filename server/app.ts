import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getConfig } from "~/lib/config.server";
import { isCountablePageView, recordPageView } from "~/lib/analytics.server";
import { getDatabaseHandle, getDb, pingDatabase } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { startApp } from "~/lib/startup.server";
import { requestFaults } from "~/lib/test-faults.server";
import { sameOriginWrites, securityHeaders } from "./security";

// What every loader and action receives besides the request.
declare module "react-router" {
  interface AppLoadContext {
    /** This response's CSP nonce, for the few inline scripts React Router writes. */
    cspNonce: string | undefined;
    /** The visitor's address (from X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
    requestId: string;
  }
}

type Env = { Variables: { secureHeadersNonce?: string; requestId: string } };

export { startApp };
export { getConfig } from "~/lib/config.server";

/**
 * The production shell in front of React Router: logging, security headers,
 * compression, static files, health check, then every other request to the routes.
 * `server.js` runs it under Node, in development behind Vite's middleware.
 */
export function createApp(options: { mode: "development" | "production"; clientDir?: string }) {
  const config = getConfig();
  const dev = options.mode === "development";
  const app = new Hono<Env>();
  const handleRequest = createRequestHandler(
    () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    options.mode,
  );

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.set("requestId", requestId);
    await next();
    c.header("X-Request-Id", requestId);
    const path = c.req.path;
    const quiet = path.startsWith("/assets/") || path.startsWith("/fonts/");
    log[quiet ? "debug" : "info"]("request", {
      requestId,
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.use(
    securityHeaders({
      dev,
      https: config.secureCookies,
      mediaOrigin: config.mediaBaseUrl ? new URL(config.mediaBaseUrl).origin : undefined,
    }),
  );
  app.use(sameOriginWrites(() => [config.siteUrl]));
  app.use(compress());

  app.get("/healthz", async (c) => {
    const handle = getDatabaseHandle();
    c.header("Cache-Control", "no-store");
    try {
      if (!handle) throw new Error("database not open");
      await pingDatabase(handle.db);
      return c.json({ status: "ok", database: handle.kind });
    } catch (error) {
      log.error("health check failed", { error });
      return c.json({ status: "error", database: handle?.kind ?? "closed" }, 503);
    }
  });

  // Staff image uploads (app/lib/uploads.server.ts): /uploads/<uuid>-<width>.<ext> is
  // ${DATA_DIR}/uploads/<file> (serveStatic joins root and the request path), in dev too.
  // Names are unique, so they are cached for good; the Content-Type comes from the
  // extension and nosniff from the security headers. They stay on this server for now:
  // MEDIA_BASE_URL is only for the static showcase media.
  app.use(
    "/uploads/*",
    serveStatic({
      root: config.dataDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );

  if (options.clientDir) {
    const root = options.clientDir;
    // Content-hashed build output never changes under the same name.
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use(
      "*",
      serveStatic({
        root,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
      }),
    );
  }

  app.all("*", async (c) => {
    const loadContext = {
      cspNonce: c.get("secureHeadersNonce"),
      clientIp: clientIp(c, config.trustProxy),
      requestId: c.get("requestId"),
    };
    // Tests only (TEST_HOOKS=true): this one request sees the database as down.
    if (config.testHooks && c.req.header("x-test-fault") === "database-down") {
      return requestFaults.run({ databaseDown: true }, () => handleRequest(c.req.raw, loadContext));
    }
    const response = await handleRequest(c.req.raw, loadContext);
    const request = { method: c.req.method, path: c.req.path, userAgent: c.req.header("user-agent") ?? "" };
    if (isCountablePageView(request, response)) {
      // Recorded before the page is sent, so every page a visitor received was counted.
      await recordPageView(getDb(), request.path).catch((error) => log.warn("page view not recorded", { error }));
    }
    return response;
  });

  app.onError((error, c) => {
    log.error("unhandled error", { requestId: c.get("requestId"), error });
    return c.text("Internal Server Error", 500);
  });

  return app;
}

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean) {
  if (trustProxy) {
    // The proxy appends the address it saw last; anything before it is client-supplied.
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim());
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
