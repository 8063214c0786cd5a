import { useEffect, useRef, useState } from "react";
import { siteConfig } from "~/content/site";

/**
 * The studio logo. If the image cannot load (blocked, offline, broken deploy) the
 * wordmark is shown as text instead, so the header never shows a broken image.
 */
export function Logo() {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  // The image may have failed before React hydrated and attached onError.
  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    return (
      <span className="logo-text" data-testid="logo-fallback">
        {siteConfig.name}
      </span>
    );
  }
  return (
    <img
      ref={image}
      className="logo-image"
      src="/logo.svg"
      alt={siteConfig.name}
      width={148}
      height={32}
      onError={() => setFailed(true)}
    />
  );
}
