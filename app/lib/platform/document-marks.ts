import type { UIMatch } from "react-router";
import type { frameworkOnFirstUse, staffArea, staticPage } from "./static-page";

/**
 * How the root reads the marks routes set in their `handle` (static-page.ts). Only the root
 * imports this, so it is part of the root's own file: the marks themselves are shared with
 * the routes, and a shared module is one more file every wizard page loads (its budget in
 * tests/e2e/budgets.spec.ts).
 */

/** Whether this document needs React in the browser: unless every matched route (below the root) is static. */
export function needsFramework(matches: Pick<UIMatch, "id" | "handle">[]) {
  const routes = matches.filter((match) => match.id !== "root");
  return routes.length === 0 || !routes.every((match) => (match.handle as typeof staticPage | undefined)?.staticPage);
}

/** The stylesheet files a page whose framework waits for the visitor's first use (a wizard) gets whole; null: it is not such a page (decision 086). */
export function heldFrameworkCss(matches: Pick<UIMatch, "handle">[]): readonly string[] | null {
  const marked = matches.find((match) => (match.handle as ReturnType<typeof frameworkOnFirstUse> | undefined)?.frameworkOnFirstUse);
  return marked ? (marked.handle as ReturnType<typeof frameworkOnFirstUse>).cssSentWhole : null;
}

/** Whether the page is in the staff area (its layout's `handle = staffArea`). */
export function isStaffArea(matches: Pick<UIMatch, "handle">[]) {
  return matches.some((match) => (match.handle as typeof staffArea | undefined)?.staffArea === true);
}

/**
 * The document's language: the staff area speaks bokmål, the public site and the sign-in
 * pages English (decisions 010, 068). Screen readers pick their voice from it, and browsers
 * their hyphenation and spelling.
 */
export function documentLanguage(matches: Pick<UIMatch, "handle">[]) {
  return isStaffArea(matches) ? "nb" : "en";
}
