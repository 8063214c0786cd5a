import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { unique, writePost } from "./support/blog";
import { waitForHydration } from "./support/sign-in";
import { expect, test } from "./support/fixtures";

// The media library end to end: staff upload an image, describe it in the library, pick
// it in the blog editor, and a visitor's post page gives the image that description;
// an image a post shows cannot be deleted, one nothing uses can.
test.use({ viewport: { width: 1280, height: 900 } });

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 675, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Uploads through the editor's API, as the editor does; returns the address and storage key. */
async function upload(page: Page, background: string) {
  const response = await page.request.post("/api/upload-image", {
    multipart: { image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo(background) } },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { url: string } };
  // The spec's answer, unchanged for a client that sends no alt text.
  expect(body).toEqual({ data: { url: expect.stringMatching(/^\/uploads\//) }, message: "Image uploaded successfully!" });
  const url = body.data.url;
  const key = /\/uploads\/([0-9a-f-]{36})-/.exec(url)![1]!;
  return { url, key };
}

/** Opens the library page of the upload with this storage key. */
async function openInLibrary(page: Page, key: string) {
  await page.goto("/admin/media");
  const card = page.locator(".media-grid li", { has: page.locator(`img[src*="${key}"]`) });
  await card.getByRole("link", { name: /Skriv alt-tekst|Rediger/ }).click();
  await expect(page).toHaveURL(/\/admin\/media\/[0-9a-f-]{36}$/);
}

async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { page: await context.newPage(), close: () => context.close() };
}

async function tryToDelete(page: Page) {
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Jeg vil slette bildet og alle størrelsene av det" }).check();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Slett bildet" }).click();
}

test("alt text set in the library shows on the public post that picked the image in the editor; deleting it is refused", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // editor, library and a visitor: a ceiling for a busy machine, not a timing
  const { url, key } = await upload(page, "#2a6f6a");
  const alt = unique("Morning light over the Oslofjord");

  await test.step("describe the image in the library", async () => {
    await openInLibrary(page, key);
    await expect(page.getByLabel("Alt-tekst")).toHaveValue("");
    await expect(page.getByText("Bildet brukes ikke i noe innlegg eller nyhetsbrev.")).toBeVisible();
    await page.getByLabel("Alt-tekst").fill(alt);
    await page.getByRole("button", { name: "Lagre alt-tekst" }).click();
    await expect(page.getByRole("status")).toHaveText("Alt-teksten er lagret.");
    await page.goto("/admin/media");
    await expect(page.locator(".media-grid li", { has: page.locator(`img[src*="${key}"]`) })).toContainText(alt);
  });

  const title = unique("Light on the fjord");
  await test.step("pick it from the library in the blog editor", async () => {
    await writePost(page, { title });
    await waitForHydration(page);
    await page.getByText(/^Velg fra mediebiblioteket/).click();
    await page.getByRole("radio", { name: new RegExp(alt) }).check();
    await expect(page.getByLabel("Fremhevet bilde (Featured image URL)")).toHaveValue(url);
    await expect(page.locator("img.editor-preview")).toHaveAttribute("alt", alt);
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
  });

  await test.step("a visitor's post page and the blog's card give the image that alt text", async () => {
    const guest = await visitor(browser);
    try {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      await guest.page.goto(`/blog/${slug}`);
      await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(guest.page.locator(".post-image img")).toHaveAttribute("alt", alt);
      await expect(guest.page.getByRole("img", { name: alt })).toBeVisible();
      await guest.page.goto("/blog");
      const card = guest.page.locator(".post-card", { hasText: title });
      await expect(card.locator("img")).toHaveAttribute("alt", alt);
    } finally {
      await guest.close();
    }
  });

  await test.step("the library says where it is used and refuses to delete it", async () => {
    await openInLibrary(page, key);
    await expect(page.getByRole("link", { name: `blogginnlegget «${title}» (hovedbilde)` })).toBeVisible();
    await tryToDelete(page);
    await expect(page.getByRole("alert")).toHaveText(
      `Bildet kan ikke slettes fordi det brukes i blogginnlegget «${title}» (hovedbilde). Bytt eller fjern bildet der først.`,
    );
    expect((await page.request.get(url)).status()).toBe(200);
  });
});

test("an upload in the blog editor needs alt text, which the public post then gives the image", async ({
  signedIn: page,
  browser,
}) => {
  test.slow();
  const title = unique("Harbour at dusk");
  const alt = unique("Fiskebåter i havna i skumringen");
  await writePost(page, { title });
  await waitForHydration(page);
  const file = { name: "harbour.jpg", mimeType: "image/jpeg", buffer: await photo("#35506b") };
  const altField = page.getByLabel("Alternativ tekst (beskriv bildet) *");

  await test.step("without alt text nothing is uploaded and the field says why", async () => {
    await page.getByLabel(/^Last opp bilde/).setInputFiles(file);
    await expect(page.getByText("Skriv en alternativ tekst som beskriver bildet.")).toBeVisible();
    await expect(altField).toBeFocused();
    await expect(altField).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Fremhevet bilde (Featured image URL)")).toHaveValue("");
  });

  await test.step("with alt text it is uploaded, stored with it, and the post is published", async () => {
    await altField.fill(alt);
    await page.getByLabel(/^Last opp bilde/).setInputFiles(file);
    await expect(page.getByRole("status")).toHaveText("Image uploaded successfully!");
    await expect(page.getByLabel("Fremhevet bilde (Featured image URL)")).toHaveValue(/^\/uploads\/[0-9a-f-]{36}-1200\.jpg$/);
    await expect(page.locator("img.editor-preview")).toHaveAttribute("alt", alt);
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
  });

  const guest = await visitor(browser);
  try {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await guest.page.goto(`/blog/${slug}`);
    await expect(guest.page.locator(".post-image img")).toHaveAttribute("alt", alt);
  } finally {
    await guest.close();
  }
  await page.goto("/admin/media");
  await expect(page.locator(".media-grid li", { hasText: alt })).toBeVisible();
});

test("an image nothing uses is deleted with every stored copy", async ({ signedIn: page }) => {
  const { url, key } = await upload(page, "#d9643f");
  await openInLibrary(page, key);
  await tryToDelete(page);
  await expect(page).toHaveURL(/\/admin\/media$/);
  await expect(page.getByRole("status")).toHaveText("Bildet er slettet.");
  // A flash notice is said once: a reload of the same address does not say it again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Media");
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page.locator(`img[src*="${key}"]`)).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
});

test("the projects' videos and posters are listed read-only, each linking to its project", async ({ signedIn: page }) => {
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 2, name: "Videoer og plakatbilder fra prosjekter" })).toBeVisible();
  await expect(page.getByText("kan ikke slettes herfra: de slettes når prosjektet slettes")).toBeVisible();
  const section = page.getByRole("list", { name: "Videoer og plakatbilder fra prosjekter" });
  // One card per project (issue 32): its formats are chips on it, each a link with its size.
  const video = section.locator(":scope > li").filter({ has: page.getByRole("link", { name: "Video MP4" }) }).first();
  await expect(video).toContainText("Brukes i:");
  await expect(video.getByRole("link", { name: "Plakatbilde WebP" })).toBeVisible();
  await expect(video.getByRole("link", { name: "Plakatbilde JPEG" })).toBeVisible();
  await expect(video.locator(".format-chips li").first()).toContainText(/MP4\s+\d/);
  await expect(video.getByRole("button")).toHaveCount(0); // nothing to delete here
  const project = video.getByRole("link", { name: /^prosjektet «.+»$/ });
  const title = /«(.+)»/.exec((await project.textContent())!)![1]!;
  const projects = await section.locator(":scope > li").count();
  const titles = await section.getByRole("link", { name: /^prosjektet «.+»$/ }).allTextContents();
  expect(new Set(titles).size, "one card per project").toBe(projects);
  const file = video.getByRole("link", { name: "Video MP4" });
  expect((await page.request.get((await file.getAttribute("href"))!)).status()).toBe(200);
  await project.click();
  await expect(page).toHaveURL(/\/admin\/work\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Tittel", { exact: true })).toHaveValue(title);
});
