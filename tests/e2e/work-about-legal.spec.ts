import { expect, type Page, test } from "@playwright/test";

const captions = ["Dashboard", "App", "Website", "Game", "Landing Page", "Demo", "Webapp", "Automation", "Production"];

test("/work shows the nine captioned videos from the database and the closing block", async ({ page }) => {
  await page.goto("/work");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "A quick look at what we've built, how we work, and where we're headed.",
  );
  const grid = page.getByTestId("showcase-grid");
  await expect(grid.locator("figcaption")).toHaveText(captions);
  const videos = grid.locator("video");
  await expect(videos).toHaveCount(9);
  for (let i = 0; i < 9; i++) await expect(videos.nth(i)).toHaveAttribute("aria-label", `${captions[i]} showcase video`);
  await expect(page.getByRole("heading", { name: "Want to work with us?" })).toBeVisible();
  await expect(page.getByText("We'd love to hear your ideas!")).toBeVisible();
  await expect(page.locator(".work-cta").getByRole("link", { name: "Get in touch" })).toHaveAttribute("href", "/contact");
  await expect(page.locator(".work-cta img")).toBeVisible();
});

async function columnsOf(page: Page) {
  const lefts = await page.getByTestId("showcase-grid").locator("li").evaluateAll((items) =>
    items.map((item) => Math.round(item.getBoundingClientRect().left)),
  );
  return new Set(lefts).size;
}

test("the showcase grid has 3 columns at 1200px and 1 at 800px", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto("/work");
  expect(await columnsOf(page)).toBe(3);
  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(() => columnsOf(page)).toBe(1);
});

test("videos below the fold load only when they come near the viewport", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/work");
  const frame = page.getByTestId("showcase-grid").locator(".video-frame").last();
  const last = frame.locator("video");
  // The poster is a lazy image under the video, not its poster attribute (decision 083).
  const poster = frame.locator("img.video-poster");
  await expect(poster).toHaveAttribute("src", /showcase-production\.webp$/);
  await expect(poster).toHaveAttribute("loading", "lazy");
  await expect(last.locator("source")).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator("source")).toHaveCount(2);
});

test("on a phone the first poster is fetched first; the posters after it wait at low priority", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 }); // Lighthouse's phone
  const cdp = await page.context().newCDPSession(page);
  // The priority Chromium fetches each poster at, last word wins (it can change after layout).
  const priorities = new Map<string, string>();
  const posterOf = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
    const name = /\/(showcase-[\w-]+)\.webp$/.exec(request.url)?.[1];
    if (!name) return;
    posterOf.set(requestId, name);
    priorities.set(name, request.initialPriority);
  });
  cdp.on("Network.resourceChangedPriority", ({ requestId, newPriority }) => {
    const name = posterOf.get(requestId);
    if (name) priorities.set(name, newPriority);
  });
  await cdp.send("Network.enable");
  // A phone's round trips, so the posters are still on their way when the first layout finds
  // the second one on screen: Chromium raises a visible image to high unless told otherwise.
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 });
  await page.goto("/work", { waitUntil: "load" });
  expect(priorities.get("showcase-dashboard")).toBe("High");
  // The second and third tiles are near enough to be fetched at the first layout.
  expect(priorities.get("showcase-app")).toBe("Low");
  expect(priorities.get("showcase-website")).toBe("Low");
  expect([...priorities].filter(([name, priority]) => name !== "showcase-dashboard" && priority !== "Low")).toEqual([]);
});

test("/about: five capabilities, each with its team card; one card active at a time", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "We're builders, designers, and engineers working across AI, software, and content.",
  );
  await expect(page.locator(".capability h2")).toHaveText(["Custom AI", "Development", "Automation", "Production", "Design"]);
  const cards = page.getByTestId("team-card");
  await expect(cards.locator(".team-card-name")).toHaveText(["AI Team", "Developers", "Automation Experts", "Production Crew", "Designers"]);
  const description = (i: number) => cards.nth(i).locator(".team-card-description");

  // Each card is a <details>: its open state is the expanded state.
  await expect(cards.nth(0)).toHaveAttribute("open", "");
  await expect(description(0)).toContainText("AI specialists and data scientists");
  await expect(description(1)).toBeHidden();

  await cards.nth(2).hover();
  await expect(description(2)).toContainText("Automation engineers");
  await expect(description(0)).toBeHidden();
  await expect(page.locator('[data-testid="team-card"][open]')).toHaveCount(1);

  await cards.nth(3).locator("summary").focus();
  await page.keyboard.press("Tab"); // to the Designers card, by keyboard
  await expect(cards.nth(4).locator("summary")).toBeFocused();
  await expect(description(4)).toContainText("brand designers");
  await expect(description(2)).toBeHidden();
});

for (const legal of [
  { path: "/terms", title: "Terms of service", mustMention: ["923 456 783", "Oslo tingrett", "Norwegian law", "customer portal", "card", "analytics dashboard", "cookie"] },
  { path: "/privacy", title: "Privacy policy", mustMention: ["923 456 783", "Datatilsynet", "72 hours", "one month", "no cookies", "IP address"] },
]) {
  test(`${legal.path} is a complete, dated legal page`, async ({ page }) => {
    await page.goto(legal.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
    await expect(page.getByText("Last updated 30-03-2025")).toBeVisible();
    const text = (await page.locator("article").textContent()) ?? "";
    for (const phrase of legal.mustMention) expect(text.toLowerCase()).toContain(phrase.toLowerCase());
    expect(await page.locator("article h2").count()).toBeGreaterThanOrEqual(8);
  });
}

test("on a phone only the videos near the screen play: scrolled away, a video pauses; back, it plays again", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/work");
  const videos = page.getByTestId("showcase-grid").locator("video");
  const playing = (index: number) => videos.nth(index).evaluate((v: HTMLVideoElement) => !v.paused);
  await expect.poll(() => playing(0)).toBe(true);
  expect(await playing(8)).toBe(false);

  await videos.nth(8).scrollIntoViewIfNeeded();
  await expect.poll(() => playing(8)).toBe(true);
  await expect.poll(() => playing(0)).toBe(false);

  await videos.nth(0).scrollIntoViewIfNeeded();
  await expect.poll(() => playing(0)).toBe(true);
  await expect.poll(() => playing(8)).toBe(false);
});

test.describe("on Lighthouse's phone (412 px wide, 1.75 device pixels per CSS pixel)", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test("the first film's poster stays /work's largest paint once the film plays over it", async ({ page }) => {
    // The page's largest-contentful-paint entries, as the browser reports them to a site's
    // own measurement and to Lighthouse.
    await page.addInitScript(() => {
      const seen = window as unknown as { paints: string[] };
      seen.paints = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { element: Element | null }[]) {
          seen.paints.push(entry.element?.tagName.toLowerCase() ?? "gone");
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto("/work");
    const film = page.getByTestId("showcase-grid").locator("video").first();
    // The browser reports a video's frame as a paint some time after it shows it: after a
    // second and a half of playing it had every time (at 0.3 s, half the time).
    await expect.poll(() => film.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 }).toBeGreaterThan(1.5);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const paints = await page.evaluate(() => (window as unknown as { paints: string[] }).paints);
    expect(paints.at(-1), `largest paints in order: ${paints.join(", ")}`).toBe("img");
  });
});
