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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing request that a browser sends
 * from another origin is refused. Browsers always send Origin on such requests;
 * clients without one (curl, server-to-server) are not a CSRF vector.
 */
export function sameOriginWrites(allowedOrigins: () => string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const ownOrigin = new URL(c.req.url).origin;
    const crossSite = origin ? origin !== ownOrigin && !allowedOrigins().includes(origin) : fetchSite === "cross-site";
    if (crossSite) {
      return c.json({ error: "Cross-origin request refused" }, 403);
    }
    return next();
  };
}
