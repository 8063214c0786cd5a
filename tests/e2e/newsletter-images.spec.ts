import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Frame, FrameLocator, Page } from "@playwright/test";
import sharp from "sharp";
import { unique } from "./support/blog";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { STAFF_ACCOUNTS } from "./support/staff-accounts";

// An issue's picture as readers see it: in the admin's preview frame (a sandboxed frame,
// so another origin) and in the sent e-mail opened from a file (file://, another origin
// again, like a web mail client's). Both load the image from this site's /uploads, which
// must let other origins embed it (Cross-Origin-Resource-Policy, decision 041).
test.use({ viewport: { width: 1280, height: 900 } });

/** Every <img> of the document, with whether it loaded (a blocked one has naturalWidth 0). */
const imagesIn = (target: Page | Frame) =>
  target.evaluate(() =>
    [...document.images].map((img) => ({
      src: img.currentSrc || img.src,
      complete: img.complete,
      width: img.naturalWidth,
    })),
  );

async function previewFrame(page: Page, frame: FrameLocator) {
  await expect(frame.locator("img")).toHaveCount(1);
  const handle = await page.locator('iframe[title="Forhåndsvisning av e-posten"]').elementHandle();
  return (await handle!.contentFrame())!;
}

test("an issue's image loads in the admin preview frame and in the sent e-mail opened from a file", async ({
  signedIn: page,
  browser,
  baseURL,
}) => {
  test.slow(); // upload, compose, a test send: a ceiling for a busy machine, not a timing
  const alt = unique("Boats in the harbour at dawn");
  const marker = `img${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#2a6f6a" } })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post("/api/upload-image", {
    multipart: { image: { name: "harbour.jpg", mimeType: "image/jpeg", buffer: photo }, alt },
  });
  expect(uploaded.status()).toBe(201);

  await page.goto("/admin/newsletter/new");
  await page.getByLabel("Emnelinje").fill(`Harbour notes ${marker}`);
  await page.getByLabel(/^Tekst/).fill(`A picture from the harbour ${marker}.`);
  await page.getByText(/^Velg fra mediebiblioteket/).click();
  await page.getByRole("radio", { name: alt }).check();
  await page.getByRole("button", { name: "Lagre kladd" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Kladden er lagret." })).toBeVisible();

  await test.step("the preview frame shows the image, not its alt text", async () => {
    const frame = page.frameLocator('iframe[title="Forhåndsvisning av e-posten"]');
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Harbour notes ${marker}`);
    const inFrame = await previewFrame(page, frame);
    await expect.poll(async () => (await imagesIn(inFrame)).map((img) => img.complete)).toEqual([true]);
    const [image] = await imagesIn(inFrame);
    expect(image!.src.startsWith(`${baseURL}/uploads/`), image!.src).toBe(true);
    expect.soft(image!.width, `${image!.src} did not load in the preview frame`).toBeGreaterThan(0);
  });

  await page.getByRole("button", { name: "Send test til meg" }).click();
  await expect(page.getByText(`Testen er lagt i utboksen til ${STAFF_ACCOUNTS.staff}.`)).toBeVisible();
  const mail = await waitForMail({ kind: "newsletter-test", to: STAFF_ACCOUNTS.staff, text: marker });

  await test.step("the e-mail's HTML, opened from a file, loads every image from the site", async () => {
    const html = mail.html ?? "";
    expect(html).toContain(`alt="${alt}"`);
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), "newsletter-mail-"));
    // A fresh context without the staff session: a reader's mail client has no cookie of ours.
    const reader = await browser.newContext({ viewport: { width: 800, height: 900 } });
    try {
      const file = path.join(folder, "issue.html");
      await fs.writeFile(file, html);
      const opened = await reader.newPage();
      await opened.goto(pathToFileURL(file).href);
      await expect.poll(async () => (await imagesIn(opened)).every((img) => img.complete)).toBe(true);
      const images = await imagesIn(opened);
      expect(images.length).toBeGreaterThanOrEqual(1);
      for (const image of images) {
        expect(image.src.startsWith(`${baseURL}/`), image.src).toBe(true);
        expect.soft(image.width, `${image.src} did not load in the e-mail`).toBeGreaterThan(0);
      }
    } finally {
      await reader.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
