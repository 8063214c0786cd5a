/**
 * The brand colours as plain constants, for places CSS custom properties cannot
 * reach: e-mails (inline styles), meta tags, generated images. Browser-safe (no
 * imports). The values are those of `app/styles/tokens.css`; a unit test
 * (tests/unit/mail-templates.test.ts) fails when the two disagree.
 */
export const colors = {
  teal: "#184b54",
  tealDeep: "#0f343b",
  tealSoft: "#2a6570",
  coral: "#f44f3b",
  /** Coral darkened for 4.5:1 text on cream. */
  coralDeep: "#c9321f",
  /** Coral lightened for 4.5:1 text on teal. */
  coralLight: "#ff9a8b",
  /** Green lightened for 4.5:1 text on teal. */
  greenLight: "#7fd8b2",
  cream: "#f8f4e3",
  creamDeep: "#efe8cf",
  green: "#5fc39b",
  highlight: "#00c48c",
  ink: "#10262a",
  inkSoft: "#3d5458",
  white: "#fffdf6",
} as const;

/** The custom property in tokens.css each colour comes from (`tealDeep` is `--teal-deep`). */
export function cssPropertyName(token: keyof typeof colors) {
  return `--${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * Score colours of the GDPR report's bars: good, fair, poor. Fair (amber) is the one
 * colour that is not a brand colour; it exists only there.
 */
export const scoreColors = { good: colors.highlight, fair: "#f5b041", poor: colors.coral } as const;
