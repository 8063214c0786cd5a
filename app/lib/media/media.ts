/**
 * Every video and image of the site goes through here, so moving media to a CDN or
 * blob store is one setting (MEDIA_BASE_URL). Without it, media is served from
 * /media on this server (the files in public/media).
 */
export function mediaUrl(baseUrl: string | undefined, key: string) {
  return `${baseUrl || "/media"}/${key.replace(/^\/+/, "")}`;
}

/**
 * Where a browser fetches an upload. Posts and the media table keep the path
 * "/uploads/<key>", whichever store holds the file; with MEDIA_BASE_URL set it is
 * fetched from there (the bucket, or a CDN in front of it, has it under uploads/),
 * otherwise from this server, which streams it from the store. Anything else is
 * returned as it is.
 */
export function uploadUrl(baseUrl: string | undefined, path: string) {
  return baseUrl && path.startsWith("/uploads/") ? `${baseUrl}${path}` : path;
}
