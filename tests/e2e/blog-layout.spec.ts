import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { signInWithRequest } from "./support/sign-in";

/**
 * The blog as cards (issue 16): a lead post (the featured one) with its image beside its
 * text from 900px, a grid that never leaves a column empty, every card with a 16:9
 * image; a post with related posts as cards, a closing call to action, and room around
 * "Back to blog". Other tests publish posts at the same time: these only count on their own.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

async function publish(
  staff: APIRequestContext,
  post: { title: string; featured?: boolean; image?: string },
): Promise<string> {
  const response = await staff.post("/api/blog", {
    data: {
      title: post.title,
      excerpt: "What we learned running language models on a clinic's own server.",
      author: "Kari Nordmann",
      content: "First paragraph.\nSecond paragraph.",
      featured: post.featured ?? false,
      featured_image: post.image ?? "",
    },
  });
  expect(response.status()).toBe(201);
  return `/blog/${((await response.json()) as { data: { slug: string } }).data.slug}`;
}

async function asStaff<T>(
  playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  work: (staff: APIRequestContext) => Promise<T>,
) {
  const staff = await playwright.request.newContext({ baseURL });
  try {
    await signInWithRequest(staff, "staff");
    return await work(staff);
  } finally {
    await staff.dispose();
  }
}

const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function openBlog(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/blog");
  await page.evaluate(() => document.fonts.ready);
}

test("/blog: the featured post leads with its image, every card has a 16:9 image, no column is left empty", async ({
  page,
  playwright,
  baseURL,
}) => {
  const featured = unique("Featured lead");
  const newer = unique("Newer, not featured");
  await asStaff(playwright, baseURL!, async (staff) => {
    await publish(staff, { title: featured, featured: true, image: "/media/video/showcase-app.webp" });
    await publish(staff, { title: newer }); // no image: the drawn placeholder
  });

  for (const width of [375, 800, 1440]) {
    await openBlog(page, width);
    const lead = page.getByTestId("post-lead");
    // The featured post leads although a newer post exists; the newer one opens the grid.
    await expect(lead.getByRole("heading", { level: 2 })).toHaveText(featured);
    await expect(lead.getByText("Featured", { exact: true })).toBeVisible();
    await expect(page.getByTestId("post-grid").getByRole("heading", { name: newer })).toBeVisible();

    const leadMedia = await box(lead.locator(".post-card-media"));
    const leadBody = await box(lead.locator(".post-card-body"));
    if (width >= 900) {
      expect(leadMedia.x + leadMedia.width, "image beside the text").toBeLessThanOrEqual(leadBody.x + 1);
    } else {
      expect(leadMedia.y + leadMedia.height, "image above the text").toBeLessThanOrEqual(leadBody.y + 1);
      expect(leadMedia.width / leadMedia.height).toBeCloseTo(16 / 9, 1);
    }

    const grid = page.getByTestId("post-grid");
    const gridBox = await box(grid);
    const cards = await grid.locator(":scope > li").all();
    const rows = new Map<number, Box[]>();
    for (const card of cards) {
      const cardBox = await box(card);
      rows.set(Math.round(cardBox.y), [...(rows.get(Math.round(cardBox.y)) ?? []), cardBox]);
      // Every card has its picture: the post's image, or the drawn placeholder.
      await expect(card.locator(".post-card-media > img, .post-card-media > svg")).toHaveCount(1);
    }
    for (const [top, row] of rows) {
      const left = Math.min(...row.map((b) => b.x));
      const right = Math.max(...row.map((b) => b.x + b.width));
      expect(Math.abs(left - gridBox.x), `row at ${top}px starts at the grid's edge`).toBeLessThan(1);
      expect(Math.abs(right - (gridBox.x + gridBox.width)), `row at ${top}px ends at the grid's edge`).toBeLessThan(1);
    }
    // One link per card (the title's, covering the card), so the grid is one tab stop per post.
    await expect(grid.locator(":scope > li").first().getByRole("link")).toHaveCount(1);
  }
});

test("a post: room under Back to blog, two related posts as cards with pictures, and a call to action", async ({
  page,
  playwright,
  baseURL,
}) => {
  const path = await asStaff(playwright, baseURL!, async (staff) => {
    await publish(staff, { title: unique("Related one"), image: "/media/video/showcase-dashboard.webp" });
    await publish(staff, { title: unique("Related two") });
    return publish(staff, { title: unique("The post itself"), image: "/media/video/showcase-website.webp" });
  });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    const back = await box(page.getByRole("link", { name: "← Back to blog" }));
    const title = await box(page.getByRole("heading", { level: 1 }));
    expect(title.y - (back.y + back.height), "space under Back to blog").toBeGreaterThanOrEqual(24);

    const related = page.getByRole("complementary", { name: "More from the blog" });
    const cards = related.locator(".post-card");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card.locator(".post-card-media > img, .post-card-media > svg")).toHaveCount(1);
      await expect(card.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", /^\/blog\//);
    }
    const cta = page.locator(".cta-section");
    await expect(cta.getByRole("heading", { level: 2 })).toHaveText("Want to work with us?");
    await expect(cta.getByRole("link", { name: "Get in touch" })).toHaveAttribute("href", "/contact");
  }
});
