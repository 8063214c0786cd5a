import type { Page } from "@playwright/test";

/**
 * What a page went through, for a failure's message: CI prints only the error's text, so a
 * flaky step that fails there must say what the page saw (its address, the navigations
 * and form posts since `watch`, the messages it shows, its fields' values).
 */
export function watchPage(page: Page) {
  const events: string[] = [];
  const started = Date.now();
  const at = () => `+${Date.now() - started} ms`;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) events.push(`${at()} navigated to ${frame.url()}`);
  });
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() !== "GET") events.push(`${at()} ${request.method()} ${request.url()} → ${response.status()}`);
  });
  page.on("pageerror", (error) => events.push(`${at()} page error: ${error.message}`));

  async function report() {
    const shown = await page
      .evaluate(() => ({
        hydrated: Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")),
        messages: [...document.querySelectorAll('[role="alert"], [role="status"], .field-error')]
          .map((element) => element.textContent?.trim())
          .filter(Boolean),
        fields: [...document.querySelectorAll<HTMLInputElement>("form input:not([type=hidden])")]
          .slice(0, 12)
          .map((input) => `${input.name}=${JSON.stringify(input.value)}${input.getAttribute("aria-invalid") ? " (invalid)" : ""}`),
      }))
      .catch((error: Error) => ({ unreadable: error.message }));
    return [`page: ${page.url()}`, ...events, `now: ${JSON.stringify(shown)}`].join("\n  ");
  }

  /** Runs `step`; when it throws, the error says what the page went through. */
  async function explain<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof Error) error.message += `\n\nWhat the page went through:\n  ${await report()}`;
      throw error;
    }
  }

  return { explain };
}
