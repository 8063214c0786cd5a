import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test as base } from "./support/fixtures";
import { takeRunLock } from "./support/run-lock";
import { waitForHydration } from "./support/sign-in";

// The showcase back office end to end: staff upload a real MP4 (one of the site's own
// showcase films) and a poster made here, and a visitor sees the project on /work, on
// its case-study page, on the home page and on its service page; unpublished, it is gone
// from all four. This file changes what every visitor sees (the featured three, the
// count on /work), so it runs after the other browser tests (playwright.config.ts).
/**
 * `showcaseOrder`: the test has the showcase's order to itself. The tests that set the
 * order and read it back on the public pages take it, so that two of them (two workers,
 * or --repeat-each) never reorder the same list at once; released after the test, even
 * after a timeout. A ceiling for a busy machine, not a timing: it waits for one test.
 */
const test = base.extend<{ showcaseOrder: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  showcaseOrder: async ({}, provide) => {
    const release = await takeRunLock("showcase-order", { timeoutMs: 150_000, staleMs: 300_000 });
    try {
      await provide();
    } finally {
      release();
    }
  },
});
test.use({ viewport: { width: 1280, height: 900 } });

const MP4 = fs.readFileSync(path.resolve("public/media/video/showcase-game.mp4"));

function marker() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const posterPng = () =>
  sharp({ create: { width: 1280, height: 800, channels: 3, background: "#d9643f" } })
    .png()
    .toBuffer();

async function fillProject(page: Page, title: string) {
  await page.goto("/admin/work/new");
  await waitForHydration(page);
  await page.getByLabel("Tittel", { exact: true }).fill(title);
  await page.getByLabel("Kunde eller bransje").fill("A test harbour authority");
  await page.getByRole("checkbox", { name: "Production" }).check();
  await page.getByLabel("Resultat (én linje)").fill("Every ferry on time, on film.");
  await page.getByLabel("Sammendrag").fill("A short film about a harbour that never sleeps.");
  await page.getByLabel("Utfordringen").fill("The harbour had no film of its own.");
  await page.getByLabel("Fremgangsmåten").fill("We filmed one night shift.");
  await page.getByLabel("Resultatet").fill("The film opens every harbour tour.");
  await page.getByLabel("Alternativ tekst (hva videoen viser)").fill("Ferries crossing a harbour at night.");
}

/** A page of a browser without a staff session: what any visitor gets. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { page: await context.newPage(), close: () => context.close() };
}

/**
 * /admin/work, once the page runs in the browser: the order's help text shows only then
 * (a click before it would be a plain form post, or land while the page comes to life).
 */
async function openWorkList(page: Page) {
  await page.goto("/admin/work");
  await expect(page.getByText("Dra et prosjekt til ny plass")).toBeVisible();
}

/** The titles in the list, top to bottom. */
const listedTitles = (page: Page) => page.locator("tbody td[data-label='Prosjekt'] a").allInnerTexts();

/** Waits for the server's answer to the list's next action (a move, an order, publishing). */
const actionAnswer = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/admin/work.data");

async function deleteProject(page: Page, editUrl: string) {
  await page.goto(editUrl);
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Jeg vil slette prosjektet, videoen og plakatbildet" }).check();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Slett prosjektet" }).click();
  await expect(page).toHaveURL(/\/admin\/work$/);
  await expect(page.getByRole("status").filter({ hasText: /^«.+» er slettet\.$/ })).toBeVisible();
}

test("a project with a real MP4 and a poster shows on /work, its page, the home page and its service; unpublished it is gone", async ({
  signedIn: page,
  browser,
  showcaseOrder: _,
}) => {
  test.slow(); // many pages, two browsers: a ceiling for a busy machine, not a timing
  const title = `Harbour ${marker()}`;
  const slug = title.toLowerCase().replace(" ", "-");
  await fillProject(page, title);
  await page.getByLabel("Fremhevet på forsiden (de tre første fremhevede vises)").check();
  await page.locator("#portfolio-video").setInputFiles({ name: "harbour.mp4", mimeType: "video/mp4", buffer: MP4 });
  await page.locator("#portfolio-poster").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: await posterPng() });
  await page.getByRole("button", { name: "Lagre prosjektet" }).click();
  await expect(page.getByRole("status")).toHaveText("Prosjektet er lagret.");
  const editUrl = page.url().replace(/\?.*$/, "");
  const guest = await visitor(browser);
  try {
    // New projects go last; "Flytt opp" until it is first, so it is among the featured three.
    // Each step waits for the server's answer, then the project and the one that was
    // above it have changed places, and nothing else moved.
    await openWorkList(page);
    const row = page.locator("tr", { has: page.getByRole("link", { name: title, exact: true }) });
    const up = row.getByRole("button", { name: `Flytt opp ${title}` });
    let listed = await listedTitles(page);
    expect(listed.at(-1)).toBe(title);
    for (let at = listed.indexOf(title); at > 0; at--) {
      const answer = actionAnswer(page);
      await up.click();
      expect((await answer).status()).toBe(200);
      await expect(page.getByRole("status")).toHaveText("Flyttet opp.");
      const expected = [...listed.slice(0, at - 1), title, listed[at - 1]!, ...listed.slice(at + 1)];
      await expect.poll(() => listedTitles(page)).toEqual(expected);
      listed = expected;
    }
    await expect(row.locator('td[data-label="Nr."]')).toHaveText("1");
    await expect(up).toBeDisabled();

    const v = guest.page;
    await v.goto("/work");
    const grid = v.getByTestId("showcase-grid");
    await expect(grid.locator("figcaption").first()).toHaveText(title);
    await expect(grid.locator(".video-frame").first().locator("img.video-poster")).toHaveAttribute("src", /\/uploads\/showcase\/[^/]+-poster\.webp$/);
    await grid.getByRole("link", { name: title }).click();

    await expect(v).toHaveURL(`/work/${slug}`);
    await expect(v.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(v.getByText("A test harbour authority")).toBeVisible();
    await expect(v.getByText("Every ferry on time, on film.")).toBeVisible();
    await expect(v.getByRole("heading", { name: "The challenge" })).toBeVisible();
    await expect(v.getByText("We filmed one night shift.")).toBeVisible();
    await expect(v.getByRole("list", { name: "Services" }).getByRole("link")).toHaveText(["Production"]);
    await expect(v.getByRole("link", { name: /Next project/ })).toHaveAttribute("href", "/work/dashboard");
    const video = v.locator("video");
    await expect(video).toHaveAttribute("aria-label", "Ferries crossing a harbour at night.");
    const sources = (await video.getAttribute("data-video"))!.split(" ");
    expect(sources).toEqual([expect.stringMatching(/^\/uploads\/showcase\/[^/]+\.mp4$/), "video/mp4"]);
    const served = await v.request.get(sources[0]!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("video/mp4");
    expect(Buffer.from(await served.body()).equals(MP4)).toBe(true);
    const jsonLd = JSON.parse((await v.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ "@type": "CreativeWork", name: title, sourceOrganization: "A test harbour authority" });
    expect(await (await v.request.get("/sitemap.xml")).text()).toContain(`/work/${slug}</loc>`);

    await v.goto("/");
    await expect(v.getByTestId("work-card").first()).toHaveText(title);
    await expect(v.getByTestId("work-card")).toHaveCount(3);
    await v.goto("/production");
    const card = v.getByTestId("work-card").filter({ hasText: title });
    await expect(card).toHaveAttribute("href", `/work/${slug}`);

    // Unpublished: gone from every page, and its own page is the site's 404.
    await openWorkList(page);
    const answer = actionAnswer(page);
    await row.getByRole("button", { name: `Avpubliser ${title}` }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole("status")).toHaveText(`«${title}» er skjult fra nettstedet.`);
    await expect(row.locator('td[data-label="Status"]')).toContainText("Utkast");
    for (const where of ["/work", "/", "/production"]) {
      await v.goto(where);
      await expect(v.getByText(title), where).toHaveCount(0);
    }
    const gone = await v.goto(`/work/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(v.getByRole("heading", { level: 1 })).toHaveText("This page doesn’t exist.");
  } finally {
    await guest.close();
    await deleteProject(page, editUrl);
  }
  await expect(page.getByRole("status")).toHaveText(`«${title}» er slettet.`);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("a file that is not an MP4 gets a clear error, and what was typed stays", async ({ signedIn: page }) => {
  const title = `Wrong type ${marker()}`;
  await fillProject(page, title);
  // A PNG called .mp4 and sent as video/mp4: the server looks at the bytes.
  await page.locator("#portfolio-video").setInputFiles({ name: "film.mp4", mimeType: "video/mp4", buffer: await posterPng() });
  await page.locator("#portfolio-poster").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: await posterPng() });
  await page.getByRole("button", { name: "Lagre prosjektet" }).click();
  await expect(page.getByRole("alert")).toHaveText("Videoen må være en MP4-fil.");
  await expect(page.getByLabel("Tittel", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Sammendrag")).toHaveValue("A short film about a harbour that never sleeps.");
  await page.goto("/admin/work");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("the order is set by drag and drop and by the arrow keys on a row's handle, and /work shows it at once", async ({
  signedIn: page,
  browser,
  showcaseOrder: _,
}) => {
  test.slow(); // it may wait for another test's turn with the order: a ceiling, not a timing
  const guest = await visitor(browser);
  const firstTwo = async () => {
    const links = page.locator("tbody tr td[data-label='Prosjekt'] a");
    return [await links.nth(0).innerText(), await links.nth(1).innerText()];
  };
  const onWork = async () => {
    await guest.page.goto("/work");
    return guest.page.getByTestId("showcase-grid").locator("figcaption").allInnerTexts();
  };
  try {
    await openWorkList(page);
    const [a, b] = await firstTwo();
    const before = await onWork();

    // Drag the second row onto the first.
    const row = (title: string) => page.locator("tr", { has: page.getByRole("link", { name: title, exact: true }) });
    const dropped = actionAnswer(page);
    await row(b!).dragTo(row(a!));
    expect((await dropped).status()).toBe(200);
    await expect(page.getByRole("status")).toHaveText("Rekkefølgen er lagret.");
    expect(await firstTwo()).toEqual([b, a]);
    await page.reload();
    expect(await firstTwo()).toEqual([b, a]);
    const after = await onWork();
    expect(after.indexOf(b!)).toBeLessThan(after.indexOf(a!));

    // The keyboard: the handle of the (now) first row, arrow down, and it is back.
    await openWorkList(page);
    const handle = page.getByRole("button", { name: `Flytt «${b}» (nr. 1)` });
    await handle.focus();
    const pressed = actionAnswer(page);
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("button", { name: `Flytt «${b}» (nr. 2)` })).toBeFocused();
    expect((await pressed).status()).toBe(200);
    await expect(page.getByRole("status")).toHaveText("Rekkefølgen er lagret.");
    await page.reload();
    expect(await firstTwo()).toEqual([a, b]);
    expect(await onWork()).toEqual(before);
  } finally {
    await guest.close();
  }
});

test("the order buttons stay where they are while the page comes to life, so an early click lands on its row", async ({
  signedIn: page,
}) => {
  // The page's JavaScript is held back until the server-rendered rows have been measured:
  // a staff member's pointer is often on its way to a button by then.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto("/admin/work", { waitUntil: "commit" });
    const buttons = page.getByRole("button", { name: /^Flytt (opp|ned) / });
    await expect(buttons.first()).toBeVisible();
    const boxes = () => buttons.evaluateAll((all) => all.map((b) => JSON.stringify(b.getBoundingClientRect())));
    const before = await boxes();
    expect(before.length).toBeGreaterThan(2);
    await expect(page.getByRole("button", { name: /^Flytt «/ })).toHaveCount(0); // no handles without JavaScript
    release();
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /^Flytt «/ }).first()).toBeVisible();
    await expect(page.getByText("Dra et prosjekt til ny plass")).toBeVisible();
    expect(await boxes()).toEqual(before);
  } finally {
    release();
    await page.unrouteAll({ behavior: "wait" });
  }
});
