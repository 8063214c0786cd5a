import { useEffect, useRef, useState } from "react";
import { useMediaUrl } from "~/lib/media";

type VideoLoopProps = {
  /** Media key without extension, e.g. "video/showcase-app": .webm, .mp4 and .jpg/.webp poster. */
  media: string;
  /** Accessible name; omit for decorative video, which is hidden from assistive technology. */
  label?: string;
  /** Playback paused by the visitor (the section's pause button). */
  paused: boolean;
  /** Load at once (the hero) instead of when the video comes near the viewport. */
  eager?: boolean;
  /** Show the poster in the first paint (videos above the fold); the video still waits. */
  posterFirst?: boolean;
  className?: string;
  width: number;
  height: number;
};

/**
 * A muted, looping, inline video that only downloads when it is about to be seen and
 * only plays when the visitor has not asked for reduced motion and has not paused it.
 * The poster is shown until then (and instead, with reduced motion).
 */
export function VideoLoop({
  media,
  label,
  paused,
  eager = false,
  posterFirst = false,
  className,
  width,
  height,
}: VideoLoopProps) {
  const url = useMediaUrl();
  const video = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(eager);

  useEffect(() => {
    if (near) return;
    const element = video.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const element = video.current;
    if (!element || !near) return;
    element.muted = true; // React does not reflect `muted` as an attribute; autoplay needs it
    if (paused) {
      element.pause();
    } else {
      element.play().catch(() => {
        /* autoplay refused (e.g. data saver): the poster stays */
      });
    }
  }, [near, paused]);

  // The hero's poster is a real image with high priority: it paints before any script
  // runs and stays the page's largest paint when the video starts over it.
  const poster = eager ? (
    <img
      className={`${className ?? ""} video-poster`}
      src={url(`${media}.webp`)}
      alt=""
      width={width}
      height={height}
      fetchPriority="high"
    />
  ) : null;
  return (
    <>
      {poster}
      <video
        ref={video}
        className={className}
        width={width}
        height={height}
        muted
        loop
        playsInline
        preload="none" // play() fetches it; with reduced motion nothing is downloaded
        poster={near || eager || posterFirst ? url(`${media}.webp`) : undefined}
        aria-hidden={label ? undefined : true}
        aria-label={label}
        tabIndex={-1}
        data-state={near && !paused ? "playing" : "idle"}
      >
        {near ? (
          <>
            <source src={url(`${media}.webm`)} type="video/webm" />
            <source src={url(`${media}.mp4`)} type="video/mp4" />
          </>
        ) : null}
      </video>
    </>
  );
}
