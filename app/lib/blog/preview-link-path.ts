/**
 * Where a draft's private preview link points (docs/decisions/052). The token is in the
 * path, so everything that records or caches paths leaves these out: the page cache
 * (server/page-cache.ts), page views (lib/site/analytics.server.ts) and the request log
 * (server/app.ts, which writes the prefix only). Browser-safe.
 */
export const PREVIEW_LINK_PREFIX = "/blog/preview/";

export const previewLinkPath = (token: string) => `${PREVIEW_LINK_PREFIX}${token}`;

export const isPreviewLinkPath = (path: string) => path.startsWith(PREVIEW_LINK_PREFIX);

/** The path as logs may keep it: a preview link without its token. */
export const loggablePath = (path: string) => (isPreviewLinkPath(path) ? `${PREVIEW_LINK_PREFIX}…` : path);
