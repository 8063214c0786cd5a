import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/** Opens the editor and fills in a post (not yet saved). */
export async function writePost(page: Page, post: { title: string; excerpt?: string; content?: string; author?: string }) {
  await page.goto("/blog/cms");
  await waitForHydration(page);
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

/** Opens a post from /blog/manage's list in the editor, once both pages have hydrated. */
export async function openForEditing(page: Page, title: string) {
  await page.goto("/blog/manage");
  // Clicked before the list has hydrated, the link once left the page where it was (a fresh
  // clone's CI run, 15 s on /blog/manage): the framework taking over the page mid-click.
  await waitForHydration(page);
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Rediger/ })
    .click();
  await expect(page).toHaveURL(/\/blog\/cms\?edit=[0-9a-f-]{36}$/);
  await waitForHydration(page);
}

/** Presses "Oppdater og publiser" and waits for the list's confirmation. */
export async function update(page: Page) {
  await page.getByRole("button", { name: "Oppdater og publiser" }).click();
  await expect(page).toHaveURL(/\/blog\/manage$/);
  await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg oppdatert!" })).toBeVisible();
}
