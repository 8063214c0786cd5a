import { useRouteLoaderData } from "react-router";

/**
 * Every video and image of the site goes through here, so moving media to a CDN or
 * blob store is one setting (MEDIA_BASE_URL). Without it, media is served from
 * /media on this server (the files in public/media).
 */
export function mediaUrl(baseUrl: string | undefined, key: string) {
  return `${baseUrl || "/media"}/${key.replace(/^\/+/, "")}`;
}

export function useMediaUrl() {
  const root = useRouteLoaderData("root") as { mediaBaseUrl?: string } | undefined;
  return (key: string) => mediaUrl(root?.mediaBaseUrl, key);
}
