import type { BrowserContext, Page } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { signInWithRequest, waitForHydration } from "./support/sign-in";
import { STAFF_ACCOUNTS } from "./support/staff-accounts";

/**
 * Review before publishing (docs/decisions/066): an author (Skribent) sends a post for
 * approval, an editor finds it in the dashboard's queue and publishes it, or sends it back
 * with a comment; the author gets an e-mail either way and sees the state in the editor.
 */
const SHOTS = "/work/shots/review";

async function shoot(page: Page, name: string) {
  if (!process.env.REVIEW_SHOTS) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    // No sideways scrolling on a phone.
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ staffAccount: "author" });

async function sendForReview(page: Page, title: string) {
  await writePost(page, { title, author: "Eva Skribent" });
  await waitForHydration(page);
  await expect(page.getByTestId("post-review")).toContainText("Du kan ikke publisere selv");
  await page.getByRole("button", { name: "Send til godkjenning" }).click();
  await expect(page).toHaveURL(/\/blog\/manage$/);
  await expect(page.getByRole("status")).toContainText("Innlegget er sendt til godkjenning");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Til godkjenning");
}

async function editorContext(browser: { newContext(): Promise<BrowserContext> }) {
  const context = await browser.newContext();
  await signInWithRequest(context.request, "editor");
  return context;
}

async function openFromQueue(page: Page, title: string) {
  await page.goto("/admin");
  const queue = page.getByTestId("review-queue");
  const item = queue.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Sendt av");
  await item.getByRole("link", { name: `Åpne ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rediger innlegg");
  await expect(page.getByTestId("review-status")).toHaveText("Til godkjenning");
  await waitForHydration(page);
}

test("an author sends a post for review, an editor publishes it from the queue, the author gets the e-mail", async ({
  signedIn: page,
  browser,
}) => {
  const title = unique("Til godkjenning");
  await sendForReview(page, title);
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /Rediger/ }).click();
  await expect(page.getByTestId("review-status")).toHaveText("Til godkjenning");
  await expect(page.getByRole("button", { name: "Trekk tilbake" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Publiser/ })).toHaveCount(0);
  await shoot(page, "editor-author-submitted");

  const context = await editorContext(browser);
  try {
    const editor = await context.newPage();
    await editor.goto("/admin");
    await shoot(editor, "dashboard-queue");
    await openFromQueue(editor, title);
    await shoot(editor, "editor-reviewer-submitted");
    await editor.getByRole("button", { name: "Oppdater og publiser" }).click();
    await expect(editor).toHaveURL(/\/blog\/manage$/);
    await editor.goto("/admin");
    await expect(editor.getByTestId("review-queue")).not.toContainText(title);
  } finally {
    await context.close();
  }

  const mail = await waitForMail({ to: STAFF_ACCOUNTS.author, kind: "post-review", text: title });
  expect(mail.subject).toBe(`Fjord & Form: «${title}» er publisert`);
  expect(mail.text).toContain("og det er publisert.");
  const link = /http:\/\/[^\s]+\/blog\/[\w-]+/.exec(mail.text ?? "")![0];
  const published = await page.goto(new URL(link).pathname);
  expect(published?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("an editor sends a post back with a comment; the author reads it in the list, the editor and the e-mail", async ({
  signedIn: page,
  browser,
}) => {
  const title = unique("Sendes tilbake");
  await sendForReview(page, title);
  const context = await editorContext(browser);
  try {
    const editor = await context.newPage();
    await openFromQueue(editor, title);
    // The comment is required: refused in the browser before anything is sent.
    await editor.getByRole("button", { name: "Send tilbake" }).click();
    await expect(editor.getByText("Skriv hva skribenten skal endre før innlegget sendes tilbake.")).toBeVisible();
    await editor.getByLabel("Kommentar til skribenten *").fill("Stram inn innledningen.\nLegg til en kilde.");
    await editor.getByRole("button", { name: "Send tilbake" }).click();
    await expect(editor.getByRole("status")).toContainText("er sendt tilbake til skribenten");
    await expect(editor.getByTestId("review-status")).toHaveText("Sendt tilbake");
    await shoot(editor, "editor-reviewer-returned");
  } finally {
    await context.close();
  }

  const mail = await waitForMail({ to: STAFF_ACCOUNTS.author, kind: "post-review", text: "Stram inn innledningen." });
  expect(mail.subject).toBe(`Fjord & Form: «${title}» er sendt tilbake`);
  expect(mail.text).toContain("Legg til en kilde.");

  await page.goto("/blog/manage");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Sendt tilbake");
  await expect(row).toContainText("Stram inn innledningen.");
  await shoot(page, "list-author-returned");
  await row.getByRole("link", { name: /Rediger/ }).click();
  await expect(page.getByTestId("review-comment")).toContainText("Legg til en kilde.");
  await shoot(page, "editor-author-returned");

  // Withdraw after sending again: a draft again, with nothing lost.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send til godkjenning" }).click();
  await expect(page).toHaveURL(/\/blog\/manage$/);
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /Rediger/ }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Trekk tilbake" }).click();
  await expect(page.getByRole("status")).toContainText("Innlegget er trukket fra godkjenning");
  await expect(page.getByTestId("review-status")).toHaveCount(0);
  await shoot(page, "editor-author-draft");
});
