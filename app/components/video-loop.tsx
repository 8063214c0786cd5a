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
  /** The poster is likely the page's largest paint (the first tile on /work, a case study's
   * film): fetch it at once with high priority instead of when it nears the viewport. */
  priority?: boolean;
  /** A portrait crop of the poster ("-portrait.webp" beside a `media` key's poster) for tall
   * screens, where the video is cut to the middle of its frame anyway (the home hero). */
  portraitPoster?: boolean;
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
 *
 * The poster is an <img> under the video, not its `poster` attribute: browsers fetch every
 * poster attribute at once, even far below the fold, where they took a phone's bandwidth from
 * the page's first paint (decision 083). An image can wait (`loading="lazy"`). The video has
 * no poster and paints nothing until it has a frame, so the image shows through until then.
 */
export function VideoLoop({
  media,
  files,
  label,
  eager = false,
  priority = false,
  portraitPoster = false,
  className,
  width,
  height,
}: VideoLoopProps) {
  const mediaBaseUrl = useRootData()?.mediaBaseUrl;
  const resolve = (path: string) => showcaseFileUrl(mediaBaseUrl, path);
  const video = files ?? { mp4: `${media}.mp4`, webm: `${media}.webm`, poster: `${media}.webp` };
  const sources = [
    ...(video.webm ? [{ src: resolve(video.webm), type: "video/webm" }] : []),
    { src: resolve(video.mp4), type: "video/mp4" },
  ];
  const soon = eager || priority;
  const poster = (
    <img
      className={`${className ?? ""} video-poster`}
      src={resolve(video.poster)}
      alt=""
      width={width}
      height={height}
      // The hero's poster paints before any script runs and stays the page's largest paint
      // when the video starts over it. Every other poster is low: Chromium otherwise raises a
      // lazy image it finds on screen while it is still loading to high, and /work's second
      // poster (on a phone's first screen, fetched at the first layout) then shared the
      // round trips of the fonts and the first poster (decision 092).
      fetchPriority={soon ? "high" : "low"}
      loading={soon ? undefined : "lazy"}
      decoding={soon ? undefined : "async"}
    />
  );
  const player = (
    <video
      className={className}
      width={width}
      height={height}
      muted
      loop
      playsInline
      preload="none" // play() fetches it; with reduced motion nothing is downloaded
      aria-hidden={label ? undefined : true}
      aria-label={label}
      tabIndex={-1}
      data-video={sources.map((source) => `${source.src} ${source.type}`).join(" ")}
      data-eager={eager ? "" : undefined}
    >
      {eager ? sources.map((source) => <source key={source.type} src={source.src} type={source.type} />) : null}
    </video>
  );
  return (
    <span className="video-frame">
      {portraitPoster && media ? (
        <picture>
          {/* A tall screen shows the middle of the frame: a 3:4 crop, a third of the bytes. */}
          <source media="(max-aspect-ratio: 3/4)" srcSet={resolve(`${media}-portrait.webp`)} type="image/webp" />
          {poster}
        </picture>
      ) : (
        poster
      )}
      {player}
    </span>
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
