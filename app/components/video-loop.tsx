import { showcaseFileUrl } from "~/lib/showcase/showcase-media";
import { useRootData } from "./use-root-data";

/** A video's files: MP4 (every browser), WebM (smaller, optional) and the poster (WebP). */
export type VideoFiles = { mp4: string; webm?: string | null; poster: string };

type VideoLoopProps = {
  /** Media key without extension, e.g. "video/hero": .webm, .mp4 and a .webp poster. */
  media?: string;
  /** Or the files one by one, as stored paths (a showcase item's). */
  files?: VideoFiles;
  /** Accessible name; omit for decorative video, which is hidden from assistive technology. */
  label?: string;
  /** Load at once (the hero) instead of when the video comes near the viewport. */
  eager?: boolean;
  className?: string;
  width: number;
  height: number;
};

/**
 * A muted, looping, inline video, server-rendered with its poster and nothing else:
 * without JavaScript the poster is what shows, and nothing moves. The enhancement module
 * (app/enhance/videos.ts) adds the sources when the video comes near the viewport and
 * plays it unless the visitor asked for reduced motion or pressed the section's pause
 * button (VideoToggle).
 */
export function VideoLoop({ media, files, label, eager = false, className, width, height }: VideoLoopProps) {
  const mediaBaseUrl = useRootData()?.mediaBaseUrl;
  const resolve = (path: string) => showcaseFileUrl(mediaBaseUrl, path);
  const video = files ?? { mp4: `${media}.mp4`, webm: `${media}.webm`, poster: `${media}.webp` };
  const poster = resolve(video.poster);
  const sources = [
    ...(video.webm ? [{ src: resolve(video.webm), type: "video/webm" }] : []),
    { src: resolve(video.mp4), type: "video/mp4" },
  ];
  return (
    <>
      {/* The hero's poster is a real image with high priority: it paints before any
          script runs and stays the page's largest paint when the video starts over it. */}
      {eager ? (
        <img
          className={`${className ?? ""} video-poster`}
          src={poster}
          alt=""
          width={width}
          height={height}
          fetchPriority="high"
        />
      ) : null}
      <video
        className={className}
        width={width}
        height={height}
        muted
        loop
        playsInline
        preload="none" // play() fetches it; with reduced motion nothing is downloaded
        poster={poster}
        aria-hidden={label ? undefined : true}
        aria-label={label}
        tabIndex={-1}
        data-video={sources.map((source) => `${source.src} ${source.type}`).join(" ")}
        data-eager={eager ? "" : undefined}
      >
        {eager ? sources.map((source) => <source key={source.type} src={source.src} type={source.type} />) : null}
      </video>
    </>
  );
}

/**
 * Plays and pauses the videos of its section ([data-video-group]) for WCAG 2.2.2.
 * Hidden until the enhancement module runs: without script no video moves, so there
 * is nothing to pause.
 */
export function VideoToggle({ className, plural = false }: { className: string; plural?: boolean }) {
  const s = plural ? "s" : "";
  return (
    <button
      type="button"
      className={className}
      hidden
      data-video-toggle={`Play video${s}|Pause video${s}`}
      // The hero's button says whether its video plays; the section buttons only say what they do.
      aria-pressed={plural ? undefined : false}
    >
      {`Play video${s}`}
    </button>
  );
}
