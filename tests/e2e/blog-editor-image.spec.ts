import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { openForEditing, unique, update, writePost } from "./support/blog";
import { waitForHydration } from "./support/sign-in";
import { expect, test } from "./support/fixtures";

// A post's image in edit mode: the editor shows the alt text the image has (the media
// library's, decision 030), keeps it when something else changes, and saves a new one,
// which the public post then gives its <img>.
test.use({ viewport: { width: 1280, height: 900 } });

const photo = () =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background: "#4b6b58" } })
    .jpeg()
    .toBuffer();

const altField = (page: Page) => page.getByLabel("Alternativ tekst (beskriv bildet) *");

/** The alt text of the post's image as a visitor (no session) gets it. */
async function publicAlt(browser: Browser, slug: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`/blog/${slug}`);
    return await page.locator(".post-image img").getAttribute("alt");
  } finally {
    await context.close();
  }
}

test("edit mode shows the image's alt text, keeps it on an unrelated change, and saves a new one", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // an upload, three saves and a visitor: a ceiling for a busy machine, not a timing
  const title = unique("Kayaks at first light");
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const alt = unique("Two red kayaks on a calm fjord");

  await test.step("a post with an uploaded image and its alt text", async () => {
    await writePost(page, { title });
    await waitForHydration(page);
    await altField(page).fill(alt);
    await page
      .getByLabel(/^Last opp bilde/)
      .setInputFiles({ name: "kayaks.jpg", mimeType: "image/jpeg", buffer: await photo() });
    await expect(page.getByRole("status")).toHaveText("Image uploaded successfully!");
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
    expect(await publicAlt(browser, slug)).toBe(alt);
  });

  await test.step("edit mode shows that alt text, and an untouched post is not 'changed'", async () => {
    await openForEditing(page, title);
    await expect(altField(page)).toHaveValue(alt);
    await expect(page.locator("img.editor-preview")).toHaveAttribute("alt", alt);
    // Leaving asks nothing (a dialog would be dismissed, and the page would stay).
    await page.getByRole("link", { name: "← Tilbake til oversikten" }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
  });

  const newTitle = `${title} updated`;
  await test.step("changing only the title keeps the image's alt text", async () => {
    await openForEditing(page, title);
    await page.getByLabel("Tittel (Title) *").fill(newTitle);
    await update(page);
    expect(await publicAlt(browser, slug)).toBe(alt);
  });

  const newAlt = unique("Two red kayaks pulled up on a pebble beach");
  await test.step("a changed alt text is saved and the public post shows it", async () => {
    await openForEditing(page, newTitle);
    await expect(altField(page)).toHaveValue(alt);
    await altField(page).fill(newAlt);
    await update(page);
    expect(await publicAlt(browser, slug)).toBe(newAlt);
    await openForEditing(page, newTitle);
    await expect(altField(page)).toHaveValue(newAlt);
  });

  await test.step("with an image, an emptied alt text is refused at the field; nothing is saved", async () => {
    await altField(page).fill("");
    await page.getByRole("button", { name: "Oppdater og publiser" }).click();
    await expect(page.getByText("Skriv en alternativ tekst som beskriver bildet.")).toBeVisible();
    await expect(altField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\?edit=/);
    expect(await publicAlt(browser, slug)).toBe(newAlt);
  });

  await test.step("without an image no alt text is needed", async () => {
    await page.getByLabel("Fremhevet bilde (Featured image URL)").fill("");
    await update(page);
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/blog/${slug}`);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(newTitle);
      await expect(visitor.locator(".post-image img")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
