import { siteConfig } from "~/content/site";

/**
 * The studio logo: the lockup (sun over the fjord, and the name in Fraunces as outlined
 * paths, public/logo.svg), or on the narrowest phones the name alone (logo-wordmark.svg),
 * so the letters stay legible beside "Get in touch" and Menu. If the image cannot load
 * (blocked, offline, broken deploy) the browser shows its alt text, the studio's name,
 * styled as the wordmark (.logo-image in frame.css): a text fallback without script.
 */
export function Logo() {
  return (
    <picture className="logo-picture">
      <source media="(max-width: 400px)" srcSet="/logo-wordmark.svg" width={138} height={28} />
      <img className="logo-image" src="/logo.svg" alt={siteConfig.brand} width={160} height={28} data-testid="logo" />
    </picture>
  );
}
