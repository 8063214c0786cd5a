import type { Page } from "@playwright/test";

/**
 * Forms do nothing special until React has hydrated the page: this waits for the mark the
 * root sets once the page is committed and every component's effects have run (app/root.tsx).
 *
 * A React fiber on <body> was not enough: fibers are attached while React renders, before
 * it commits the page and runs the effects that subscribe the fields to the form's state.
 * A click in that window once left a form showing nothing for 15 s (settings-password, a
 * fresh clone's CI run). Pages that ship no framework never get the mark.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement?.hasAttribute("data-hydrated"));
}
