import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { openForEditing, unique, update, writePost } from "./support/blog";
import { waitForHydration } from "./support/sign-in";
import { expect, test } from "./support/fixtures";

// A post's search-engine fields (#26, docs/decisions/056): staff give it a search title, a
// description, a share image and "hide from search engines"; a visitor's page says so in
// its tags and the sitemap leaves it out; cleared, the post's own words are back.
test.use({ viewport: { width: 1280, height: 900 } });

async function uploadShareImage(page: Page) {
  const buffer = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#2a6570" } })
    .jpeg()
    .toBuffer();
  const response = await page.request.post("/api/upload-image", {
    multipart: { image: { name: "share.jpg", mimeType: "image/jpeg", buffer } },
  });
  expect(response.status()).toBe(201);
  const url = ((await response.json()) as { data: { url: string } }).data.url;
  return /\/uploads\/([0-9a-f-]{36})-/.exec(url)![1]!;
}

/** What a visitor's browser (no session) finds in the <head> of a post (or of the page at `path`). */
async function publicTags(browser: Browser, slug: string, path = `/blog/${slug}`) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const head = page.locator("head");
    const content = (selector: string) => head.locator(selector).first().getAttribute("content");
    return {
      title: await page.title(),
      description: await content('meta[name="description"]'),
      ogImage: await content('meta[property="og:image"]'),
      robots: (await head.locator('meta[name="robots"]').count()) ? await content('meta[name="robots"]') : null,
    };
  } finally {
    await context.close();
  }
}

async function inSitemap(page: Page, slug: string) {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return xml.includes(`/blog/${slug}</loc>`);
}

test("a post's search title, description, share image and noindex reach its tags and the sitemap, and clear back", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // an upload, three saves and three visitors: a ceiling for a busy machine
  const title = unique("Fjord data at rest");
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const excerpt = "Why the studio keeps its clients' data in Norway, on machines it can point at.";

  await test.step("a new post says its own title and excerpt, and is in the sitemap", async () => {
    await writePost(page, { title, excerpt });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
    const tags = await publicTags(browser, slug);
    expect(tags.title).toBe(`${title} | Fjord & Form`);
    expect(tags.description).toBe(excerpt);
    expect(tags.ogImage).toMatch(/\/og-image\.png$/);
    expect(tags.robots).toBeNull();
    expect(await inSitemap(page, slug)).toBe(true);
  });

  const key = await uploadShareImage(page);
  await test.step("staff fill in the search fields, watching the counter and the preview", async () => {
    await openForEditing(page, title);
    const panel = page.locator("details.seo-fields");
    await panel.getByText("Søkemotorer og deling", { exact: true }).click();
    await panel.getByLabel("Tittel i søkeresultat").fill("Data at rest in Norway");
    await expect(panel.getByText("22 / 60 tegn")).toBeVisible();
    await expect(panel.locator(".seo-preview-title")).toHaveText("Data at rest in Norway | Fjord & Form");
    await panel.getByLabel("Beskrivelse").fill("Where your data lives, and who can reach it.");
    await expect(panel.locator(".seo-preview-description")).toHaveText("Where your data lives, and who can reach it.");
    await panel.getByText(/^Velg delingsbilde/).click();
    await panel.locator("label.media-choice", { has: page.locator(`img[src*="${key}"]`) }).click();
    await panel.getByLabel("Skjul for søkemotorer").check();
    await expect(panel.getByText("Skjult for søkemotorer", { exact: true })).toBeVisible();
    await update(page);
  });

  await test.step("the public page and the sitemap say so", async () => {
    const tags = await publicTags(browser, slug);
    expect(tags.title).toBe("Data at rest in Norway | Fjord & Form");
    expect(tags.description).toBe("Where your data lives, and who can reach it.");
    expect(tags.ogImage).toContain(`/uploads/${key}-`);
    expect(tags.robots).toBe("noindex");
    expect(await inSitemap(page, slug)).toBe(false);
  });

  await test.step("the editor shows what was saved; cleared, the post's own words are back", async () => {
    await openForEditing(page, title);
    const panel = page.locator("details.seo-fields");
    await expect(panel).toHaveAttribute("open", "");
    await expect(panel.getByLabel("Tittel i søkeresultat")).toHaveValue("Data at rest in Norway");
    await expect(panel.getByLabel("Skjul for søkemotorer")).toBeChecked();
    await panel.getByLabel("Tittel i søkeresultat").fill("");
    await panel.getByLabel("Beskrivelse").fill("");
    await panel.getByText(/^Velg delingsbilde/).click();
    await panel.getByRole("radio", { name: "Uten bilde" }).check();
    await panel.getByLabel("Skjul for søkemotorer").uncheck();
    await expect(panel.locator(".seo-preview-title")).toHaveText(`${title} | Fjord & Form`);
    await update(page);
    const tags = await publicTags(browser, slug);
    expect(tags.title).toBe(`${title} | Fjord & Form`);
    expect(tags.description).toBe(excerpt);
    expect(tags.ogImage).toMatch(/\/og-image\.png$/);
    expect(tags.robots).toBeNull();
    expect(await inSitemap(page, slug)).toBe(true);
  });
});

test("a job listing's search title and 'hide from search engines' reach its tags and the sitemap", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // two saves and two visitors: a ceiling for a busy machine
  const title = unique("Motion Designer");
  await page.goto("/careers/cms/new");
  await waitForHydration(page);
  await page.getByLabel("Tittel *").fill(title);
  const slug = await page.getByLabel("Slug (adresse)").inputValue();
  await page.getByLabel("Sted *").fill("Oslo");
  await page.getByLabel("Beskrivelse *").fill("Make interfaces move with purpose.");
  await page.getByLabel("Ansvarsområder punkt 1", { exact: true }).fill("Animate product flows");
  await page.getByLabel("Krav punkt 1", { exact: true }).fill("After Effects or Rive");
  await page.getByLabel("Søknadslenke *").fill("https://jobs.fjordform.no/motion");
  const panel = page.locator("details.seo-fields");
  await panel.getByText("Søkemotorer og deling", { exact: true }).click();
  await panel.getByLabel("Tittel i søkeresultat").fill("Motion design job in Oslo");
  await expect(panel.locator(".seo-preview-title")).toHaveText("Motion design job in Oslo | Fjord & Form");
  await panel.getByLabel("Skjul for søkemotorer").check();
  await page.getByRole("button", { name: "Lagre annonsen" }).click();
  await expect(page).toHaveURL(/\/job-cms$/);

  const tags = await publicTags(browser, slug, `/careers/${slug}`);
  expect(tags.title).toBe("Motion design job in Oslo | Fjord & Form");
  expect(tags.description).toBe("Make interfaces move with purpose.");
  expect(tags.robots).toBe("noindex");
  const sitemap = async () => (await (await page.request.get("/sitemap.xml")).text()).includes(`/careers/${slug}</loc>`);
  expect(await sitemap()).toBe(false);

  // Shown again: in the sitemap, without the robots tag.
  await page.goto("/job-cms");
  await page.getByRole("link", { name: title, exact: true }).click();
  await waitForHydration(page);
  const again = page.locator("details.seo-fields");
  await expect(again).toHaveAttribute("open", "");
  await again.getByLabel("Skjul for søkemotorer").uncheck();
  await page.getByRole("button", { name: "Lagre endringene" }).click();
  await expect(page).toHaveURL(/\/job-cms$/);
  expect((await publicTags(browser, slug, `/careers/${slug}`)).robots).toBeNull();
  expect(await sitemap()).toBe(true);
});
