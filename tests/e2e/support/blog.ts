import type { Page } from "@playwright/test";

/** Opens the editor and fills in a post (not yet saved). */
export async function writePost(page: Page, post: { title: string; excerpt?: string; content?: string; author?: string }) {
  await page.goto("/blog/cms");
  await page.getByLabel("Tittel (Title) *").fill(post.title);
  await page.getByLabel("Utdrag (Excerpt) *").fill(post.excerpt ?? "A short summary.");
  await page.getByLabel("Forfatter (Author) *").fill(post.author ?? "Kari Nordmann");
  await page.getByLabel("Innhold (Content) *").fill(post.content ?? "First paragraph.\nSecond paragraph.");
}

/**
 * A post's text with the parts of the blog's format staff write (decision 050): a
 * sub-heading, a list, an outside link and one of the site's own.
 */
export const RICH_POST_TEXT = [
  "We moved the studio's archive onto one small server.",
  "## What we built",
  "- A search that answers in Norwegian",
  "- Nightly backups to a second disk",
  "Read more on [the client's site](https://example.com/archive) or see [our work](/work).",
].join("\n");

/** A title no other test uses. */
export const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
