import { mediaUrl, uploadUrl } from "../media/media";

/**
 * A showcase file's address: a stored upload ("/uploads/…", see uploadUrl) or a key of
 * the media shipped with the site ("video/showcase-app.mp4", see mediaUrl). Kept apart
 * from media.ts, which the wizards' JavaScript carries (their budget is tight).
 */
export function showcaseFileUrl(baseUrl: string | undefined, path: string) {
  return path.startsWith("/uploads/") ? uploadUrl(baseUrl, path) : mediaUrl(baseUrl, path);
}
