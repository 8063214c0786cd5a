import fs from "node:fs";
import { getRequestListener } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { getConfig } from "~/lib/platform/config.server";
import { serveMedia } from "~/lib/media/serve-media.server";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import { loggablePath } from "~/lib/blog/preview-link-path";
import { getPageViewBuffer, isCountablePageView, ownHostsFor } from "~/lib/site/analytics.server";
import { getDatabaseHandle, pingDatabase } from "~/lib/platform/db.server";
import { type CachedPage, getPageCache } from "~/lib/platform/page-cache.server";
import { log, logRequest, nextRequestId, withRequestId } from "~/lib/platform/log.server";
import { countPageCacheHit, countPageCacheMiss, observeRender, observeRequest } from "~/lib/platform/metrics.server";
import { startApp } from "./startup";
import { forgetKeptContent } from "./kept-content";
import { type RequestInfo, requestInfoContext } from "~/lib/platform/request-context";
import { requestFaults } from "~/lib/platform/test-faults.server";
import { requestBodyLimits } from "./body-limit";
import { withPageCache } from "./page-cache-listener";
import { metricsOnPublicPort, readinessFor, readyz } from "./operator-endpoints";
import { routeIdResolver } from "./route-ids";
import {
  cspNonceOverride,
  hasSessionCookie,
  cacheAddressFor,
  isStorableResponse,
  markUncachedPage,
  rememberSentHeaders,
  sendCachedPage,
  storeResponse,
} from "./page-cache";
import {
  clientAddress,
  emailPreviewHeaders,
  fontHeaders,
  pagePreviewHeaders,
  publicMediaHeaders,
  rejectControlCharacters,
  sameOriginWrites,
  securityHeaders,
} from "./security";

type Env = {
  Variables: {
    secureHeadersNonce?: string;
    requestId: string;
    cspNonceOverride?: string;
    storedPage?: CachedPage;
    /** The metrics label of this request (decision 061): a route id, or the server's own name for it. */
    route?: string;
  };
};

export { startApp };
export { getConfig } from "~/lib/platform/config.server";
export { metricsListener } from "./operator-endpoints";

/**
 * The production shell in front of React Router: logging, security headers,
 * compression, static files, health check, then every other request to the routes.
 * `server.js` runs it under Node, in development behind Vite's middleware.
 */
export function createApp(options: { mode: "development" | "production"; clientDir?: string }) {
  const config = getConfig();
  const dev = options.mode === "development";
  const app = new Hono<Env>();
  // React Router refuses a form action whose Origin differs from the request URL's, which
  // is built from the Host header; behind a proxy that rewrites Host that would be every
  // form. sameOriginWrites below has already checked Origin against SITE_URL, so React
  // Router is told the same origins (its documented runtime setting, hosts only).
  const allowedActionOrigins = config.writeOrigins.map((origin) => new URL(origin).host);
  // A referrer on one of these is a move within the site, not where a visit came from.
  const siteHosts = siteHostNames(config.writeOrigins);
  const loadBuild = async () => {
    const build = (await import("virtual:react-router/server-build")) as ServerBuild;
    return { ...build, allowedActionOrigins };
  };
  // Given a function, React Router rebuilds its route tables on every request (so edits
  // show in development). In production that cost ~45 % of each request's CPU and
  // grew the heap by ~15 KB a request, so there the build is loaded once.
  const handleRequest = dev ? createRequestHandler(loadBuild, options.mode) : productionHandler(loadBuild);
  // The route id of a path, for the metrics: made from the build on first use, once per app.
  let routeIds: Promise<(path: string) => string> | undefined;
  const routeIdOf = async (path: string) => (await (routeIds ??= loadBuild().then(routeIdResolver)))(path);
  const readiness = readinessFor(config);

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = nextRequestId();
    c.set("requestId", requestId);
    await withRequestId(requestId, next);
    // A page just stored in the cache: its headers are kept for the listener in front (page-cache-listener.ts).
    const stored = c.get("storedPage");
    if (stored && c.res.status === 200) rememberSentHeaders(stored, c.res.headers, c.get("secureHeadersNonce") ?? "");
    c.header("X-Request-Id", requestId);
    const path = loggablePath(c.req.path); // a preview link's token stays out of the log
    const quiet = path.startsWith("/assets/") || path.startsWith("/fonts/");
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logRequest(quiet ? "debug" : "info", requestId, c.req.method, JSON.stringify(path), c.res.status, ms);
    // Anything no route answered (static files, refusals at the edge) is the server's own.
    observeRequest(c.get("route") ?? "server", c.res.status, ms);
  });

  app.use(cspNonceOverride());
  app.use(emailPreviewHeaders());
  app.use(pagePreviewHeaders());
  app.use(publicMediaHeaders());
  app.use(fontHeaders());
  app.use(
    securityHeaders({
      dev,
      https: config.secureCookies,
      mediaOrigin: config.mediaBaseUrl ? new URL(config.mediaBaseUrl).origin : undefined,
    }),
  );
  app.use(requestBodyLimits());
  app.use(rejectControlCharacters());
  app.use(sameOriginWrites(() => config.writeOrigins));
  app.use(compress());

  app.get("/readyz", (c) => {
    c.set("route", "readyz");
    return readyz(c, readiness);
  });
  // Without METRICS_TOKEN, /metrics is the site's own 404 page, like any unknown address.
  if (config.metrics.token) {
    const token = config.metrics.token;
    app.get("/metrics", (c) => {
      c.set("route", "metrics");
      return metricsOnPublicPort(c, token);
    });
  }

  app.get("/healthz", async (c) => {
    c.set("route", "healthz");
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

  // Staff uploads (app/lib/media/uploads.server.ts): /uploads/<key> is streamed from the
  // media store, the folder DATA_DIR/uploads or a bucket (app/lib/media/serve-media.server.ts),
  // in dev too. Pages point at MEDIA_BASE_URL instead when it is set, but these addresses
  // keep working: the editor's preview, old links, and a CDN that pulls from this server.
  app.use("/uploads/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    c.set("route", "uploads");
    // The path as sent, not decoded: a "%" is never part of a valid key, so an encoded
    // "/" or "." is a 404 rather than something decoded into a path.
    const key = new URL(c.req.url).pathname.slice("/uploads/".length);
    return (await serveMedia(getMediaStore(), c.req.raw, key)) ?? next();
  });

  if (options.clientDir) serveClientFiles(app, options.clientDir);

  app.all("*", async (c) => {
    const info: RequestInfo = {
      cspNonce: c.get("secureHeadersNonce"),
      clientIp: clientIp(c, config.trustedProxies),
      requestId: c.get("requestId"),
    };
    // What middleware, loaders and actions read with context.get(requestInfoContext).
    const loadContext = new RouterContextProvider();
    loadContext.set(requestInfoContext, info);
    const route = await routeIdOf(c.req.path);
    c.set("route", route);
    // Tests only (TEST_HOOKS=true): this one request sees the database as down.
    if (config.testHooks && c.req.header("x-test-fault") === "database-down") {
      return requestFaults.run({ databaseDown: true }, () => handleRequest(c.req.raw, loadContext));
    }
    const response = await renderOrServeFromCache(c, loadContext, info.cspNonce ?? "");
    const url = c.req.url;
    const queryAt = url.indexOf("?");
    const visit = {
      method: c.req.method,
      path: c.req.path,
      search: queryAt === -1 ? "" : url.slice(queryAt),
      userAgent: c.req.header("user-agent") ?? "",
      referer: c.req.header("referer") ?? "",
      ownHosts: ownHostsFor(siteHosts, c.req.header("host")),
    };
    // Buffered and written in batches: the page does not wait for the database.
    const view = isCountablePageView(visit, response);
    if (view) getPageViewBuffer()?.record(view);
    return response;
  });

  /**
   * Visitors' page requests are rendered once per content version (page-cache.ts), under
   * their cache address: `/?utm_source=x` is `/` (page-address.ts). A miss is rendered at
   * that address too, so the stored page is the same whichever link caused the render.
   */
  async function renderOrServeFromCache(c: Context<Env>, loadContext: RouterContextProvider, nonce: string) {
    const cache = getPageCache();
    const address = !dev && config.pageCache && nonce !== "" ? cacheAddressFor(c.req.raw, c.req.path) : undefined;
    const found = address ? cache.lookup(address) : undefined;
    // A fresh page is sent as it is. A stale one (content changed since) is sent too while
    // another request renders its successor; the first request to find it stale renders it
    // (stale-while-revalidate: one render per page and process after a change).
    if (found && (found.fresh || !cache.claimRefresh(address!))) {
      countPageCacheHit();
      c.set("storedPage", found.page);
      return sendCachedPage(c, found.page, nonce);
    }
    if (address) countPageCacheMiss();
    const refreshing = found !== undefined;
    let outcome: "stored" | "gone" | "failed" = "failed";
    try {
      const generation = cache.generation;
      const atAddress = address ? requestAt(c.req.raw, address) : c.req.raw;
      const renderStarted = performance.now();
      let response = await handleRequest(atAddress, loadContext);
      observeRender(c.get("route") ?? "server", performance.now() - renderStarted);
      if (address) log.debug("page rendered", { address, refresh: refreshing });
      // Not a page to store (a redirect of an old address, a 404): answered for the address
      // as asked, so a 301 keeps the link's query string. Costs a second render only there.
      if (atAddress !== c.req.raw && response.status !== 200) response = await handleRequest(c.req.raw, loadContext);
      // A staff member's successful write may have changed any page: this process forgets
      // all it keeps of them at once (the database's notice may come after the author's
      // next page); the others hear it from the database.
      if (c.req.method !== "GET" && c.req.method !== "HEAD" && response.status < 400 && hasSessionCookie(c.req.raw)) {
        forgetKeptContent();
      }
      if (address && isStorableResponse(response, c.req.path)) {
        const page = await storeResponse(cache, address, response, nonce, generation);
        page.route = c.get("route"); // the label of its hits in front of the app
        outcome = page.key ? "stored" : "failed";
        c.set("storedPage", page);
        return sendCachedPage(c, page, nonce);
      }
      // A page that is now a 404 or a redirect is gone: its stale copy goes too. A 5xx keeps it.
      if (response.status < 500) outcome = "gone";
      return markUncachedPage(response);
    } finally {
      if (refreshing) cache.endRefresh(address!, outcome);
    }
  }

  app.onError((error, c) => {
    log.error("unhandled error", { requestId: c.get("requestId"), error });
    return c.text("Internal Server Error", 500);
  });

  return app;
}

/** The host names (no port) of this site's origins. */
export function siteHostNames(origins: readonly string[]): ReadonlySet<string> {
  return new Set(origins.map((origin) => new URL(origin).hostname.toLowerCase()));
}

/** The same GET request at another address of this site (a page's cache address). */
function requestAt(request: Request, address: string) {
  const url = new URL(request.url);
  if (url.pathname + url.search === address) return request;
  return new Request(new URL(address, url), { method: request.method, headers: request.headers, signal: request.signal });
}

/**
 * The production server's Node listener: hits of the page cache are answered in front
 * of the app (page-cache-listener.ts), everything else by the app.
 */
export function createNodeListener(options: { mode: "production"; clientDir: string }) {
  const config = getConfig();
  return withPageCache(getRequestListener(createApp(options).fetch), config.pageCache, siteHostNames(config.writeOrigins));
}

function clientIp(c: Parameters<typeof getConnInfo>[0], trustedProxies: number) {
  let socketAddress = "unknown";
  try {
    socketAddress = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // no socket (a test calling app.request): stays "unknown"
  }
  return clientAddress({ forwardedFor: c.req.header("x-forwarded-for"), socketAddress, trustedProxies });
}

function productionHandler(loadBuild: () => Promise<ServerBuild>) {
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  return async (...args: Parameters<ReturnType<typeof createRequestHandler>>) => {
    handler ??= createRequestHandler(await loadBuild(), "production");
    return handler(...args);
  };
}

/**
 * The build's public files, registered by name and folder once at start-up, so a
 * page request never pays for a filesystem lookup on its way to the routes.
 * Hashed assets have .br/.gz twins (scripts/precompress.js) sent as they are.
 */
function serveClientFiles(app: Hono<Env>, root: string) {
  const immutable = "public, max-age=31536000, immutable";
  app.use(
    "/assets/*",
    serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", immutable) }),
  );
  const hourly = serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.name === "assets") continue;
    app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, hourly);
  }
}
