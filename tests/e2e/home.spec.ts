import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 1280, height: 800 } });

test("the home page says what the studio does, with the exact texts", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Fjord & Form builds private software, custom interfaces, and local AI systems. Made for you.",
  );
  const list = page.getByRole("region", { name: "What we do" });
  const expected = [
    ["Custom AI", "/custom-ai"],
    ["Development", "/development"],
    ["Automation", "/ai-automations"],
    ["Production", "/production"],
    ["Design + Animation", "/design"],
  ];
  await expect(list.getByRole("link")).toHaveCount(expected.length);
  for (const [name, href] of expected) {
    await expect(list.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(
    page.getByText(
      "We partner with teams to launch new ideas, refine existing tools and deliver better digital experiences.",
    ),
  ).toBeVisible();
  const closing = page.getByRole("region", { name: "Want to work with us?" });
  await expect(closing.getByRole("link", { name: "Get in touch" })).toHaveAttribute("href", "/contact");
});

test("a service's marker fills on hover and on keyboard focus", async ({ page }) => {
  await page.goto("/");
  const link = (name: string) => page.getByRole("link", { name, exact: true });
  const marker = (name: string) => link(name).locator(".service-marker");
  const fill = (name: string) => marker(name).evaluate((el) => getComputedStyle(el).backgroundColor);
  const empty = await fill("Development");
  await link("Development").hover();
  await expect.poll(() => fill("Development")).not.toBe(empty);
  await page.mouse.move(0, 0);
  await link("Production").focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab"); // keyboard focus, so :focus-visible applies
  await expect.poll(() => fill("Production")).not.toBe(empty);
});

test("Think, Make, Move: one description at a time, by hover and by keyboard focus", async ({ page }) => {
  await page.goto("/");
  const process = page.getByRole("region", { name: "How we work" });
  // Each item is a <details>: its <summary> is the trigger, its open state the expanded state.
  const item = (name: string) => process.locator("details").filter({ has: page.getByRole("heading", { name }) });
  const trigger = (name: string) => item(name).locator("summary");
  const think = "We start by understanding your business, your users and what really needs building";
  const make = "We design, develop and assemble the solution";
  const move = "We launch, refine what real use teaches us, and help you scale";

  await expect(process.getByText(think)).toBeVisible();
  await expect(process.getByText(make)).toBeHidden();
  await expect(item("Think")).toHaveAttribute("open", "");

  await trigger("Make").hover();
  await expect(process.getByText(make)).toBeVisible();
  await expect(process.getByText(think)).toBeHidden();
  await expect(process.getByText(move)).toBeHidden();

  await trigger("Think").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(trigger("Move")).toBeFocused();
  await expect(process.getByText(move)).toBeVisible();
  await expect(process.getByText(make)).toBeHidden();
  await expect(item("Move")).toHaveAttribute("open", "");
  await expect(process.locator("details[open]")).toHaveCount(1);
});

test("the three work videos go to /work on click, Enter and Space", async ({ page }) => {
  await page.goto("/");
  const cards = page.getByTestId("work-card");
  await expect(cards).toHaveText(["Dashboard", "App", "Website"]);

  await cards.nth(0).click();
  await expect(page).toHaveURL("/work");

  await page.goto("/");
  await cards.nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/work");

  await page.goto("/");
  await cards.nth(2).focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL("/work");
});

test("the hero video plays muted and loops, and can be paused", async ({ page }) => {
  await page.goto("/");
  const video = page.locator(".home-hero video");
  await expect(video).toHaveAttribute("aria-hidden", "true");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop)).toBe(true);
  await page.getByRole("button", { name: "Pause video", exact: true }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("no video plays on its own: the poster shows, and play is on request", async ({ page }) => {
    await page.goto("/");
    const video = page.locator(".home-hero video");
    // The poster is an image under the video (video-loop.tsx), shown while the video has no frame.
    await expect(page.locator(".home-hero img.video-poster")).toBeVisible();
    expect(
      await page
        .locator(".home-hero img.video-poster")
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    // The video script shows the button once it has decided (play() or not, at once):
    // from then on a paused video stays paused.
    await expect(page.getByRole("button", { name: "Play video", exact: true })).toBeVisible();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole("button", { name: "Play video", exact: true }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

    await page.goto("/work");
    const first = page.getByTestId("showcase-grid").locator("video").first();
    // Its sources are added as it nears the viewport, in the same step that would play it.
    await expect(first.locator("source")).not.toHaveCount(0);
    expect(await first.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
