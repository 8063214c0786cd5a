import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/**
 * Security headers on every response. Documents get a CSP whose scripts must carry
 * this request's nonce; nothing is loaded from another origin except the configured
 * media base URL.
 */
export function securityHeaders(options: { dev: boolean; mediaOrigin?: string; https: boolean }): MiddlewareHandler {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  // Vite's dev server injects inline scripts and a websocket; production has neither.
  const scriptSrc = options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", NONCE];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc,
      styleSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
      imgSrc: ["'self'", "data:", ...media],
      mediaSrc: ["'self'", ...media],
      fontSrc: ["'self'"],
      connectSrc: options.dev ? ["'self'", "ws:"] : ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin",
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
  });
}

/** The staff newsletter's e-mail preview (routes/staff/admin.newsletter.preview.ts). */
const EMAIL_PREVIEW_PATH = /^\/admin\/newsletter\/[0-9a-f-]{36}\/preview\.html$/;

/**
 * An e-mail preview is the e-mail's own HTML, styled inline like every e-mail, shown in
 * a frame on the page. It gets its own narrow policy instead of the site's: inline
 * styles allowed (they are the e-mail's), no scripts, no forms, framed only by this site.
 * Registered before securityHeaders, so it runs after it on the way out.
 */
export function emailPreviewHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!EMAIL_PREVIEW_PATH.test(c.req.path) || c.res.status !== 200) return;
    c.res.headers.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
    c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
  };
}

/**
 * A staff preview of a page's draft (`/design?preview=draft`, app/lib/pages/page-preview.server.ts)
 * is shown in frames on /admin/pages/{page}/preview, at phone and desktop width. Only such
 * an answer (a page the preview guard let through: 200 and `Cache-Control: no-store`) may
 * be framed, and only by this site; every other page keeps `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY`. Registered before securityHeaders, so it runs after it on the way out.
 */
export function pagePreviewHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.query("preview") !== "draft" || c.res.status !== 200) return;
    if (!/no-store/.test(c.res.headers.get("cache-control") ?? "")) return;
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy) c.res.headers.set("Content-Security-Policy", policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
  };
}

/**
 * Public media: staff uploads (/uploads/…: post and newsletter images, showcase uploads),
 * the showcase's posters and videos (/media/…, public/media), and the images at the root
 * of public/ (favicon, icons, logos, the default share image og-image.png).
 */
const PUBLIC_MEDIA_PATH = /^\/(?:uploads|media)\/|^\/[^/]+\.(?:png|jpe?g|webp|avif|gif|svg|ico)$/;
const MEDIA_TYPE = /^(?:image|video)\//;

/**
 * Public media may be embedded anywhere: a newsletter's image in a web mail client or in
 * the admin's sandboxed preview frame (an opaque origin), a post's Open Graph image in a
 * chat app's preview, a poster on another site. `Cross-Origin-Resource-Policy: same-origin`
 * made the browser refuse them (ERR_BLOCKED_BY_RESPONSE.NotSameOrigin), so they answer
 * `cross-origin`; pages, the API, scripts and styles, staff pages and error answers keep
 * the site's `same-origin`. Only an image or video answer counts, so a 404 page at a media
 * address stays same-origin. docs/decisions/041-public-media-cross-origin.md.
 * Registered before securityHeaders, so it runs after it on the way out.
 */
export function publicMediaHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!PUBLIC_MEDIA_PATH.test(c.req.path)) return;
    if (!MEDIA_TYPE.test(c.res.headers.get("content-type") ?? "")) return;
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing request that a browser sends
 * from another origin is refused. Browsers always send Origin on such requests;
 * clients without one (curl, server-to-server) are not a CSRF vector.
 *
 * The Origin is compared with the site's public origin (SITE_URL, config.writeOrigins),
 * never with the Host header: a proxy may rewrite Host (internal:3000), and an Origin
 * that merely matches whatever Host a request carries proves nothing.
 */
export function sameOriginWrites(allowedOrigins: () => string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const crossSite = origin ? !allowedOrigins().includes(origin) : fetchSite === "cross-site";
    if (crossSite) {
      return c.json({ error: "Cross-origin request refused" }, 403);
    }
    return next();
  };
}

/**
 * The client's address. Behind `trustedProxies` proxies (TRUST_PROXY), each appends
 * to X-Forwarded-For the address it received the request from, so the client is that
 * many entries from the right (1: the last entry; 2: the one before it). Entries
 * further left were written by the client and prove nothing. With fewer entries than
 * proxies, the leftmost is the best there is; without the header, the socket's address.
 */
export function clientAddress(request: {
  forwardedFor: string | undefined;
  socketAddress: string;
  trustedProxies: number;
}): string {
  if (request.trustedProxies <= 0 || !request.forwardedFor) return request.socketAddress;
  // Empty entries can only come from the client (proxies append an address): skip them.
  const entries = request.forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return request.socketAddress;
  return entries[Math.max(0, entries.length - request.trustedProxies)]!;
}

const CONTROL = /\p{Cc}/u;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/** The decoded text, or for malformed percent-encoding, whether it spells a control character. */
function containsControl(raw: string) {
  try {
    return CONTROL.test(decodeURIComponent(raw));
  } catch {
    return CONTROL.test(raw) || ENCODED_CONTROL.test(raw);
  }
}

/**
 * Control characters (NUL, line breaks, escape...) belong in no path or query of this
 * site: a path with one is a 404 and a query with one a 400, before any route, and so
 * any database query, sees them (PostgreSQL refuses a NUL in text with an error).
 */
export function rejectControlCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (containsControl(url.pathname)) return c.text("Not Found", 404, { "Cache-Control": "no-store" });
    for (const [key, value] of url.searchParams) {
      if (CONTROL.test(key) || CONTROL.test(value)) return c.text("Bad Request", 400, { "Cache-Control": "no-store" });
    }
    return next();
  };
}

/**
 * A font is drawn, never run or shown as a page, so a Content-Security-Policy on it governs
 * nothing. It is left off font answers only (decision 090): every page waits for the two
 * font cores, and on a phone's first second their ~350 bytes of policy each are part of a
 * round trip. Every other header stays. Registered before securityHeaders, so it runs after
 * it on the way out.
 */
export function fontHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.get("content-type")?.startsWith("font/")) c.res.headers.delete("Content-Security-Policy");
  };
}
