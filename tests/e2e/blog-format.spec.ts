import type { Browser, Locator } from "@playwright/test";
import sharp from "sharp";
import { RICH_POST_TEXT, unique, writePost } from "./support/blog";
import { waitForHydration } from "./support/sign-in";
import { expect, test } from "./support/fixtures";

// The blog's text format (decision 050): staff write a post with a sub-heading, a list, a
// link and a library picture; the live preview shows them as the page will; after
// publishing, the public post shows them with its reading time, also without JavaScript.
test.use({ viewport: { width: 1440, height: 1000 } });

type Scope = { locator: (selector: string, options?: { hasText?: string }) => Locator };

/** The parts of the format, as any page rendering the post must show them (the page, or the editor's preview). */
async function expectRichPost(page: Scope, alt: string) {
  await expect(page.locator(".post-body h2")).toHaveText("What we built");
  await expect(page.locator(".post-body ul > li")).toHaveText([
    "A search that answers in Norwegian",
    "Nightly backups to a second disk",
  ]);
  // Written with straight apostrophes; read with typographic ones (decision 073).
  const external = page.locator(".post-body a", { hasText: "the client’s site" });
  await expect(external).toHaveAttribute("href", "https://example.com/archive");
  await expect(external).toHaveAttribute("rel", "noopener");
  await expect(page.locator(".post-body a", { hasText: "our work" })).toHaveAttribute("href", "/work");
  const picture = page.locator(".post-body figure img");
  await expect(picture).toHaveAttribute("alt", alt);
  await expect(picture).toHaveAttribute("srcset", /-480\.jpg 480w, .*-960\.jpg 960w/);
  await expect(page.locator(".post-body figcaption")).toHaveText("The archive’s new home");
}

async function visitorPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test("a post with a heading, a list, links and a picture: live preview, then the public post with its reading time", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // an upload, a save and two visitors: a ceiling for a busy machine, not a timing
  const alt = unique("A grey server on a wooden shelf");
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#35524a" } })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post("/api/upload-image", {
    multipart: { image: { name: "server.jpg", mimeType: "image/jpeg", buffer: photo }, alt },
  });
  expect(uploaded.status()).toBe(201);

  const title = unique("Our archive on one server");
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  await test.step("write: the preview shows each part as the page will", async () => {
    await writePost(page, { title, content: RICH_POST_TEXT });
    await waitForHydration(page);
    const preview = page.locator(".post-preview");
    await expect(preview.locator("h2", { hasText: "What we built" })).toBeVisible();
    await expect(page.getByTestId("post-stats")).toHaveText(/^\d+ ord · 1 min lesetid$/);
    await expect(preview.locator(".post-preview-links li")).toHaveText([
      "the client's site: https://example.com/archive",
      "our work: /work",
    ]);

    // A picture from the library, at the cursor (the end of the text), then a caption.
    const content = page.getByLabel("Innhold (Content) *");
    await content.press("ControlOrMeta+End");
    await page.getByText(/^Sett inn bilde i teksten/).click();
    // Choosing inserts it and closes the picker again (nothing stays chosen), so a click, not check().
    await page.getByRole("radio", { name: new RegExp(alt) }).click();
    await expect(content).toHaveValue(/\n!\[[^\]]*\]\(\/uploads\/[0-9a-f-]{36}-1600\.jpg\)\n$/);
    await content.press("ArrowUp");
    await content.press("End");
    await content.press("ArrowLeft");
    await content.pressSequentially(' "The archive\'s new home"');
    await expectRichPost(preview, alt);

    // A hostile link is named before saving.
    await content.press("ControlOrMeta+End");
    await content.pressSequentially("[click](javascript:alert(1))");
    await expect(preview.getByRole("alert")).toContainText("Lenken «javascript:alert(1)» er ikke tillatt");
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page.getByText(/^Lenken «javascript:alert\(1\)» er ikke tillatt/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/blog\/cms$/);
    for (let n = 0; n < "[click](javascript:alert(1))".length; n++) await content.press("Backspace");
    await expect(preview.getByRole("alert")).toHaveCount(0);

    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
  });

  for (const javaScriptEnabled of [true, false]) {
    await test.step(`a visitor ${javaScriptEnabled ? "with" : "without"} JavaScript sees the same post`, async () => {
      const visitor = await visitorPage(browser, javaScriptEnabled);
      try {
        await visitor.page.goto(`/blog/${slug}`);
        await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(visitor.page.locator(".post-meta .post-reading")).toHaveText("1 min read");
        await expectRichPost(visitor.page, alt);
        await expect(visitor.page.locator(".post-body p").first()).toHaveText(
          "We moved the studio’s archive onto one small server.",
        );
      } finally {
        await visitor.context.close();
      }
    });
  }
});
