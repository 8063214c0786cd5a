import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { signInWithRequest, waitForHydration } from "./support/sign-in";

// Staff edit a page's words (docs/decisions/044): a draft leaves the live page alone and
// shows in the preview; publishing shows it to visitors at once; restoring the original
// version brings the seed text back. This file changes what visitors see of /design, which
// other specs assert, so it runs in the "site-changing" project, after them, and puts the
// seed text back at the end whatever happened.
test.use({ viewport: { width: 1280, height: 900 } });

const SEED_HEADING = "We create Design from 0-1";
const SEED_ITEM = "Brand Identity";

async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { page: await context.newPage(), close: () => context.close() };
}

async function openEditor(page: Page, key: string) {
  await page.goto(`/admin/pages/${key}`);
  await waitForHydration(page);
  return {
    heading: page.locator("#group-hero").getByLabel("Overskrift", { exact: true }),
    firstItem: page.getByLabel("Kort 1: tittel", { exact: true }),
    save: page.getByRole("button", { name: "Lagre utkast" }),
  };
}

/** Puts the seed back on the live page (version 0 restored), as staff do it from the history. */
async function restoreSeed(page: Page) {
  await page.goto("/admin/pages/design/history?version=0");
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: /publiser tekstene fra originaltekstene/ }).check();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Gjenopprett" }).click();
  await expect(page.getByRole("status")).toContainText("Originaltekstene er gjenopprettet");
}

test("a draft is previewed, published at once, and the original restored from the history", async ({
  signedIn: page,
  browser,
}) => {
  const marker = Date.now().toString(36);
  const heading = `We draw ${marker}`;
  const item = `Brand Work ${marker}`;
  const guest = await visitor(browser);
  try {
    const editor = await openEditor(page, "design");
    await expect(editor.heading).toHaveValue(SEED_HEADING);
    await editor.heading.fill(heading);
    await editor.firstItem.fill(item);
    await editor.save.click();
    await expect(page.getByRole("status")).toContainText("Utkastet er lagret");
    await expect(page.getByText("Utkast med upubliserte endringer")).toBeVisible();

    // The live page is unchanged for a visitor.
    await guest.page.goto("/design");
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(SEED_HEADING);
    await expect(guest.page.getByText(item)).toHaveCount(0);

    // The preview shows the draft to staff, never cached and not for search engines ...
    const preview = await page.goto("/design?preview=draft");
    expect(preview?.headers()["cache-control"]).toBe("no-store");
    expect(preview?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText(item)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // ... and in frames at phone and desktop width on the admin's preview page.
    await page.goto("/admin/pages/design/preview");
    for (const title of ["Tjeneste: Design + Animation på mobil", "Tjeneste: Design + Animation på skrivebord"]) {
      await expect(page.frameLocator(`iframe[title="${title}"]`).getByRole("heading", { level: 1 })).toHaveText(
        heading,
      );
    }
    // A visitor with the preview's address gets the live page, never the draft.
    await guest.page.goto("/design?preview=draft");
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(SEED_HEADING);
    await expect(guest.page.getByText(item)).toHaveCount(0);

    // Publish: the visitor sees it at once.
    await openEditor(page, "design");
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Siden er publisert");
    await guest.page.goto("/design");
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(guest.page.getByText(item)).toBeVisible();

    // The history shows the version, compared field by field with the live one.
    await page.goto("/admin/pages/design/history?version=0");
    const changed = page.locator(".page-compare-changed");
    await expect(changed).toHaveCount(2);
    await expect(changed.first()).toContainText(SEED_HEADING);
    await expect(changed.first()).toContainText(heading);

    await restoreSeed(page);
    await guest.page.goto("/design");
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText(SEED_HEADING);
    await expect(guest.page.getByRole("heading", { name: SEED_ITEM })).toBeVisible();
  } finally {
    await guest.page
      .goto("/design")
      .then(() => guest.page.getByRole("heading", { level: 1 }).textContent())
      .then(async (shown) => {
        if (shown?.trim() !== SEED_HEADING) await restoreSeed(page);
      });
    await guest.close();
  }
});

test("a headline too long for a phone is refused with a clear message", async ({ signedIn: page }) => {
  const editor = await openEditor(page, "design");
  await editor.heading.fill("We create design and animation for every brand in Oslo");
  await editor.save.click();
  await expect(page.getByText("Overskriften er for lang for en mobilskjerm: høyst 48 tegn.")).toBeVisible();
  await editor.heading.fill("We create Supercalifragilistic design");
  await expect(
    page.getByText("Ordet «Supercalifragilistic» er for langt til å brytes på en mobilskjerm"),
  ).toBeVisible();
  await editor.save.click();
  // Nothing was saved: the page still shows its live words only.
  await page.reload();
  await expect(editor.heading).toHaveValue(SEED_HEADING);
});

test("two editors on one page: the second save is refused and keeps what was typed", async ({
  signedIn: first,
  browser,
}) => {
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await signInWithRequest(other.request, "longaddress");
    const second = await other.newPage();
    const mine = await openEditor(first, "production");
    const theirs = await openEditor(second, "production");

    await mine.heading.fill("We do Production today");
    await mine.save.click();
    await expect(first.getByRole("status")).toContainText("Utkastet er lagret");

    await theirs.heading.fill("We do Production tomorrow");
    await theirs.firstItem.fill("Planning for tomorrow");
    await theirs.save.click();
    await expect(second.getByRole("alert")).toContainText("Siden er endret av Staff Tester");
    await expect(second.getByRole("alert")).toContainText("siden du åpnet den");
    await expect(theirs.heading).toHaveValue("We do Production tomorrow");
    await expect(theirs.firstItem).toHaveValue("Planning for tomorrow");

    // The first editor's draft is what was kept.
    const again = await openEditor(first, "production");
    await expect(again.heading).toHaveValue("We do Production today");
  } finally {
    // Leave no draft behind (drafts never show to visitors, but the list would say so).
    await first.goto("/admin/pages/production");
    await waitForHydration(first);
    if (await first.getByRole("button", { name: "Forkast utkast" }).count()) {
      await first.getByRole("checkbox", { name: /forkast utkastet/ }).check();
      first.once("dialog", (dialog) => void dialog.accept());
      await first.getByRole("button", { name: "Forkast utkast" }).click();
      await expect(first.getByRole("status")).toContainText("Utkastet er forkastet");
    }
    await other.close();
  }
});

test("a page's search title, share image and 'hide from search engines' reach its tags and the sitemap", async ({
  signedIn: page,
  browser,
}) => {
  test.slow(); // a save, a publish, a visitor and a restore: a ceiling for a busy machine
  const guest = await visitor(browser);
  const tags = async () => {
    await guest.page.goto("/design");
    const head = guest.page.locator("head");
    return {
      title: await guest.page.title(),
      robots: (await head.locator('meta[name="robots"]').count())
        ? await head.locator('meta[name="robots"]').first().getAttribute("content")
        : null,
    };
  };
  const inSitemap = async () => (await (await page.request.get("/sitemap.xml")).text()).includes("/design</loc>");
  try {
    expect(await tags()).toEqual({ title: "Design + Animation | Fjord & Form", robots: null });
    expect(await inSitemap()).toBe(true);

    await openEditor(page, "design");
    const panel = page.locator("details.seo-fields");
    // The page's description is always set, so the panel stands open with it.
    await expect(panel).toHaveAttribute("open", "");
    await expect(panel.getByLabel("Beskrivelse")).not.toHaveValue("");
    await panel.getByLabel("Tittel i søkeresultat").fill("Design studio in Oslo");
    await expect(panel.locator(".seo-preview-title")).toHaveText("Design studio in Oslo | Fjord & Form");
    await panel.getByLabel("Skjul for søkemotorer").check();
    await page.getByRole("button", { name: "Lagre utkast" }).click();
    await expect(page.getByRole("status")).toContainText("Utkastet er lagret");
    // A draft: visitors and search engines see the page as it was.
    expect((await tags()).title).toBe("Design + Animation | Fjord & Form");

    await openEditor(page, "design");
    await page.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Siden er publisert");
    expect(await tags()).toEqual({ title: "Design studio in Oslo | Fjord & Form", robots: "noindex" });
    expect(await inSitemap()).toBe(false);

    await restoreSeed(page);
    expect(await tags()).toEqual({ title: "Design + Animation | Fjord & Form", robots: null });
    expect(await inSitemap()).toBe(true);
  } finally {
    await guest.page
      .goto("/design")
      .then(() => guest.page.title())
      .then(async (title) => {
        if (title !== "Design + Animation | Fjord & Form") await restoreSeed(page);
      });
    await guest.close();
  }
});
