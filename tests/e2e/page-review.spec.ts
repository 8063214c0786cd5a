import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { signInWithRequest, waitForHydration } from "./support/sign-in";
import { STAFF_ACCOUNTS } from "./support/staff-accounts";

/**
 * Review of page drafts (docs/decisions/071): an author (Skribent) saves a change to
 * /about's draft and sends it; an editor opens it from the dashboard queue and publishes it
 * (the approval), or sends it back with a comment; the author is mailed either way. It
 * changes /about, so it runs with the "site-changing" specs and puts the seed back.
 */
const SHOTS = "/work/shots/pagereview";

async function shoot(page: Page, name: string) {
  if (!process.env.PAGEREVIEW_SHOTS) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A headline that is new each run, in words short enough for a phone (the field refuses long ones). */
const fresh = (words: string) => `${words} ${Math.random().toString(36).slice(2, 8)}`;

test.use({ staffAccount: "author", viewport: { width: 1280, height: 900 } });

async function draftAndSend(page: Page, headline: string) {
  await page.goto("/admin/pages/about");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Publiser", exact: true })).toHaveCount(0);
  await page.locator("#group-intro").getByLabel("Overskrift", { exact: true }).fill(headline);
  await page.getByRole("button", { name: "Lagre utkast" }).click();
  await expect(page.getByRole("status")).toContainText("Utkastet er lagret");
  await page.getByRole("button", { name: "Send til godkjenning" }).click();
  await expect(page.getByRole("status")).toContainText("Utkastet er sendt til godkjenning");
  await expect(page.getByTestId("review-status")).toHaveText("Til godkjenning");
}

async function editorContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInWithRequest(context.request, "editor");
  return context;
}

async function openFromQueue(page: Page) {
  await page.goto("/admin");
  const item = page.getByTestId("review-queue").getByRole("listitem").filter({ hasText: "Side: Om oss" });
  await expect(item).toContainText("Sendt av");
  await item.getByRole("link", { name: "Åpne Side: Om oss" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Om oss");
  await expect(page.getByTestId("review-status")).toHaveText("Til godkjenning");
  await waitForHydration(page);
}

/** The original words back on /about (version 0 restored) and no draft left, as an editor does it. */
async function cleanUp(editor: Page) {
  await editor.goto("/admin/pages/about");
  await waitForHydration(editor);
  const discard = editor.getByRole("checkbox", { name: /forkast utkastet/ });
  if (await discard.count()) {
    await discard.check();
    editor.once("dialog", (dialog) => void dialog.accept());
    await editor.getByRole("button", { name: "Forkast utkast" }).click();
    await expect(editor.getByRole("status")).toContainText("Utkastet er forkastet");
  }
  await editor.goto("/admin/pages/about/history?version=0");
  await waitForHydration(editor);
  await editor.getByRole("checkbox", { name: /publiser tekstene fra originaltekstene/ }).check();
  editor.once("dialog", (dialog) => void dialog.accept());
  await editor.getByRole("button", { name: "Gjenopprett" }).click();
  await expect(editor.getByRole("status")).toContainText("Originaltekstene er gjenopprettet");
}

test("an author sends /about's draft; an editor publishes it from the queue; the author is mailed", async ({
  signedIn: page,
  browser,
}) => {
  const headline = fresh("Vi bygger det du trenger");
  await draftAndSend(page, headline);
  await expect(page.getByRole("button", { name: "Trekk tilbake" })).toBeVisible();
  await shoot(page, "page-editor-author-submitted");

  const context = await editorContext(browser);
  const editor = await context.newPage();
  try {
    await editor.goto("/admin");
    await shoot(editor, "dashboard-queue-with-page");
    await openFromQueue(editor);
    await editor.getByRole("button", { name: "Publiser", exact: true }).click();
    await expect(editor.getByRole("status")).toContainText("Siden er publisert");

    const visitor = await browser.newContext();
    const about = await visitor.newPage();
    await about.goto("/about");
    await expect(about.locator("main")).toContainText(headline);
    await visitor.close();

    const mail = await waitForMail({ to: STAFF_ACCOUNTS.author, kind: "page-review", text: "er publisert" });
    expect(mail.subject).toBe("Fjord & Form: Endringene på «Om oss» er publisert");
    expect(mail.text).toContain("/about");
  } finally {
    await cleanUp(editor);
    await context.close();
  }
});

test("an editor sends /about's draft back with a comment; the author reads it in the editor and the e-mail", async ({
  signedIn: page,
  browser,
}) => {
  await draftAndSend(page, fresh("Et utkast som trenger mer"));
  const context = await editorContext(browser);
  const editor = await context.newPage();
  try {
    await openFromQueue(editor);
    await editor.getByLabel("Kommentar til skribenten *").fill("Kortere overskrift, takk.");
    await editor.getByRole("button", { name: "Send tilbake" }).click();
    await expect(editor.getByRole("status")).toContainText("sendt tilbake til skribenten");

    const mail = await waitForMail({ to: STAFF_ACCOUNTS.author, kind: "page-review", text: "Kortere overskrift" });
    expect(mail.subject).toBe("Fjord & Form: Utkastet til «Om oss» er sendt tilbake");

    await page.goto("/admin/pages/about");
    await expect(page.getByTestId("review-status")).toHaveText("Sendt tilbake");
    await expect(page.getByTestId("review-comment")).toContainText("Kortere overskrift, takk.");
    await expect(page.getByRole("button", { name: "Send til godkjenning" })).toBeVisible();
    await shoot(page, "page-editor-author-returned");
  } finally {
    await cleanUp(editor);
    await context.close();
  }
});
