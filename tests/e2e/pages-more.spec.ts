import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { killAll, makeDataDir, removeDataDir, type RunningServer, startProductionServer } from "../support/server-process";
import { waitForHydration } from "./support/sign-in";
import { expect, test } from "./support/fixtures";

// The pages registered after home and the service pages (decision 053), as staff and
// visitors meet them: a publish on this server seen at once by a visitor of a second
// server process on the same PostgreSQL; /about's sections reordered and a team member's
// picture picked from the library with its alt text; a privacy-policy change named by the
// next consent record on the subscriber page. These change what visitors see of /careers,
// /about and /privacy, which other specs assert, so the file runs in the "site-changing"
// project and puts the original texts back at the end whatever happened.
test.use({ viewport: { width: 1280, height: 900 } });

async function visitor(browser: Browser, baseURL?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...(baseURL ? { baseURL } : {}) });
  return { page: await context.newPage(), close: () => context.close() };
}

const SHOTS = process.env.PAGES_SHOTS_DIR;

/** The page at phone and desktop width, for a person to look at (PAGES_SHOTS_DIR set), around `focus`. */
async function screenshots(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `no sideways scrolling at ${width}px`).toBe(false);
    if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !focus });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function saveAndPublish(page: Page) {
  await page.getByRole("button", { name: "Lagre utkast" }).click();
  await expect(page.getByRole("status")).toContainText("Utkastet er lagret");
  await page.getByRole("button", { name: "Publiser", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Siden er publisert");
}

/** Puts a page's original texts back on the live page (version 0 restored), as staff do it from the history. */
async function restoreSeed(page: Page, key: string) {
  await page.goto(`/admin/pages/${key}/history?version=0`);
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: /publiser tekstene fra originaltekstene/ }).check();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Gjenopprett" }).click();
  await expect(page.getByRole("status")).toContainText("Originaltekstene er gjenopprettet");
}

/**
 * The e2e server's embedded PostgreSQL as a DATABASE_URL a second server process can
 * share, and the secrets key every instance on one database needs (decision 029).
 */
function secondInstanceEnv() {
  const dataDir = process.env.E2E_DATA_DIR!;
  const socketDir = path.join(dataDir, "pg");
  if (!fs.existsSync(path.join(socketDir, "PG_VERSION"))) throw new Error(`No embedded PostgreSQL in ${socketDir}`);
  return {
    DATABASE_URL: `postgres://postgres@localhost/site?host=${encodeURIComponent(socketDir)}`,
    SECRETS_KEY: fs.readFileSync(path.join(dataDir, "secrets.key"), "utf8").trim(),
  };
}

test("a publish on one server is seen at once by a visitor of a second server on the same PostgreSQL", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // a second server's start on a busy machine: a ceiling, not a timing
  const headline = `Build careful things ${Date.now().toString(36)}.`;
  const seedHeadline = "Build things that are made for someone.";
  const running: RunningServer[] = [];
  const dataDir = makeDataDir("pages-more-b");
  let guest: Awaited<ReturnType<typeof visitor>> | undefined;
  let published = false;
  try {
    const serverB = await startProductionServer({ DATA_DIR: dataDir, ...secondInstanceEnv() });
    running.push(serverB);
    guest = await visitor(browser, serverB.url);
    // Server B has the page in its page cache before the change.
    await guest.page.goto("/careers");
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(seedHeadline);
    await guest.page.goto("/careers");
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(seedHeadline);

    await page.goto("/admin/pages/careers");
    await waitForHydration(page);
    await page.locator("#group-intro").getByLabel("Overskrift", { exact: true }).fill(headline);
    await saveAndPublish(page);
    published = true;

    // Server B heard of it through PostgreSQL (content_changed): the next visit shows it.
    // (Polled only because the notification travels between processes; it takes milliseconds.)
    await expect(async () => {
      await guest!.page.goto("/careers");
      await expect(guest!.page.getByRole("heading", { level: 1 })).toHaveText(headline, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await guest?.close();
    try {
      if (published) await restoreSeed(page, "careers");
    } finally {
      await killAll(running);
      await removeDataDir(dataDir);
    }
  }
});

test("staff reorder /about's sections and give a team member a library picture with alt text", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // upload, editor and a visitor: a ceiling for a busy machine, not a timing
  const alt = `Sindre at the whiteboard ${Date.now().toString(36)}`;
  const upload = await page.request.post("/api/upload-image", {
    multipart: {
      image: {
        name: "sindre.jpg",
        mimeType: "image/jpeg",
        buffer: await sharp({ create: { width: 800, height: 800, channels: 3, background: "#2a6f6a" } })
          .jpeg()
          .toBuffer(),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const key = /\/uploads\/([0-9a-f-]{36})-/.exec(((await upload.json()) as { data: { url: string } }).data.url)![1]!;

  const guest = await visitor(browser);
  let published = false;
  try {
    await page.goto("/admin/pages/about");
    await waitForHydration(page);
    const section = (n: number) => page.getByRole("group", { name: `Seksjon ${n}`, exact: true });
    await expect(section(1).getByLabel("Overskrift", { exact: true })).toHaveValue("Custom AI");
    await page.getByRole("button", { name: "Flytt seksjon 2 opp" }).click();
    await expect(section(1).getByLabel("Overskrift", { exact: true })).toHaveValue("Development");
    await expect(section(2).getByLabel("Overskrift", { exact: true })).toHaveValue("Custom AI");

    // Sindre (the first person on the Developers' card) gets a picture from the library.
    const person = section(1).getByRole("group", { name: "Person 1", exact: true });
    await expect(person.getByLabel("Navn", { exact: true })).toHaveValue("Sindre Bakke");
    await person.getByText(/Velg fra mediebiblioteket/).click();
    await person.locator(`label.media-choice:has(img[src*="${key}"])`).click();
    // Without alt text the picture is refused, and the field says why.
    await page.getByRole("button", { name: "Lagre utkast" }).click();
    await expect(person.getByText("Skriv alt-tekst for bildet: hva det viser.")).toBeVisible();
    await person.getByLabel("Alt-tekst for bildet").fill(alt);
    await screenshots(page, "about-editor-section", section(1));
    await screenshots(page, "about-editor-person", person);
    await saveAndPublish(page);
    published = true;

    await guest.page.goto("/about");
    await expect(guest.page.getByTestId("team-card").locator(".team-card-name")).toHaveText([
      "Developers",
      "AI Team",
      "Automation Experts",
      "Production Crew",
      "Designers",
    ]);
    const picture = guest.page.locator(".team-people").getByRole("img", { name: alt });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute("src", new RegExp(key));
  } finally {
    await guest.close();
    if (published) await restoreSeed(page, "about");
  }
});

test("a consent record made after a privacy-policy change names the new version; the subscriber page shows it", async ({
  signedIn: page,
  browser,
}) => {
  test.slow();
  const email = `privacy-${Date.now().toString(36)}@example.no`;
  const guest = await visitor(browser);
  let published = false;
  try {
    await page.goto("/admin/pages/privacy");
    await waitForHydration(page);
    const intro = page.locator("#group-intro").getByLabel("Ingress", { exact: true });
    await intro.fill(`${await intro.inputValue()} We now also explain our backups.`);
    await screenshots(page, "legal-editor-section", page.getByRole("group", { name: "Seksjon 3", exact: true }));
    await saveAndPublish(page);
    published = true;

    // Visitors read the new policy, dated the day it was published.
    await guest.page.goto("/privacy");
    await expect(guest.page.getByText("We now also explain our backups.")).toBeVisible();
    await expect(guest.page.locator(".legal-updated")).toHaveText(/^Last updated \d\d-\d\d-\d{4}$/);
    await expect(guest.page.locator(".legal-updated")).not.toHaveText("Last updated 30-03-2025");

    // A sign-up after the change.
    const signUp = await guest.page.request.post("/api/contact", { data: { email, type: "newsletter" } });
    expect(signUp.status()).toBe(200);

    await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: email }).click();
    const line = page.getByTestId("privacy-version");
    await expect(line).toHaveText(/^Personvernerklæring: versjon av \d\d\.\d\d\.\d{4}$/);
    await screenshots(page, "subscriber");
    await line.getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/pages\/privacy\/history\?version=\d+$/);
    await expect(page.locator(".page-compare-changed")).toHaveCount(0);
  } finally {
    await guest.close();
    if (published) await restoreSeed(page, "privacy");
  }
});
