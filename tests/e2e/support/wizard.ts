import type { Page } from "@playwright/test";

/**
 * The wizards load React at the visitor's first move, touch, key or focus (decision 086):
 * until then their buttons post plain forms. Moves the pointer as a visitor would, then
 * waits until React has hydrated the page.
 */
export async function wakeWizard(page: Page) {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
}
