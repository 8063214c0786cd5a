import { siteConfig } from "~/content/site";

/**
 * The studio logo. If the image cannot load (blocked, offline, broken deploy) the
 * browser shows its alt text, the studio's name, styled as the wordmark (.logo-image
 * in frame.css): a text fallback without script.
 */
export function Logo() {
  return (
    <img
      className="logo-image"
      src="/logo.svg"
      alt={siteConfig.name}
      width={148}
      height={32}
      data-testid="logo"
    />
  );
}
