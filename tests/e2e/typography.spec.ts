import { expect, test } from "@playwright/test";
import { SPEC_STRINGS_WITH_STRAIGHT_QUOTES } from "../../app/lib/platform/spec-strings";
import { publicPages } from "../support/pages";

/**
 * Issue #32's "type that holds": no straight quote or apostrophe in what a visitor reads on
 * any public page. The spec's own strings that are written with one stay as the spec has
 * them (decision 073), so they are taken out of the page's text first, whatever case the
 * page's styles set them in (innerText follows text-transform).
 */

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SPEC = new RegExp(SPEC_STRINGS_WITH_STRAIGHT_QUOTES.map(escapeForPattern).join("|"), "gi");

/** Each straight quote left in `text`, with the words around it. */
function straightQuotes(text: string) {
  const rest = text.replace(SPEC, " ");
  return [...rest.matchAll(/['"]/g)].map((match) =>
    rest.slice(Math.max(0, match.index - 25), match.index + 25).replace(/\s+/g, " "),
  );
}

test.describe("typographic quotes", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("no straight quote or apostrophe in the visible text of any public page, the spec's own strings aside", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000); // a ceiling for some thirty pages on a busy machine
    const problems: string[] = [];
    const pages = await publicPages(baseURL!);
    expect(pages.length).toBeGreaterThan(10);
    for (const path of pages) {
      await page.goto(path);
      const text = await page.evaluate(() => document.body.innerText);
      expect(text.trim().length, `${path} shows some text`).toBeGreaterThan(0);
      for (const snippet of straightQuotes(text)) problems.push(`${path}: …${snippet}…`);
    }
    expect(problems).toEqual([]);
  });

  test("the spec's strings with straight quotes are shown as the spec writes them", async ({ page }) => {
    // The typographer must not touch them (decision 073): one on a button, one in a headline.
    await page.goto("/development");
    await expect(page.getByText("Let's Build", { exact: true })).toBeVisible();
    await page.goto("/about");
    await expect(
      page.getByText("We're builders, designers, and engineers working across AI, software, and content.", { exact: true }),
    ).toBeVisible();
    await page.goto("/work");
    await expect(page.getByText("We'd love to hear your ideas!", { exact: true })).toBeVisible();
  });
});
