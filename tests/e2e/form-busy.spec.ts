import type { Page } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { expect, test } from "./support/fixtures";
import { uniqueAddress } from "./support/mailbox";
import { waitForHydration } from "./support/sign-in";

// A busy state per form (#24): a lead's page has three forms (status, note, erasure) that
// post to the same route. While one is being sent, only that one is busy; the others can
// still be used, and say what they said. Each post is held in the browser until the page
// has been checked, so "in flight" lasts exactly as long as the test needs, without sleeps.
test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Holds the page's POSTs (or GETs) to `path` (the route's data address, `{path}.data`, with
 * JavaScript) while a hold is open: `hold()` opens one and answers `arrived` (the request
 * was sent) and `release()`. Everything else goes through at once.
 */
async function postHolder(page: Page, path: string, method = "POST") {
  let current: { arrive: () => void; released: Promise<void> } | undefined;
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route) => {
      const held = route.request().method() === method ? current : undefined;
      if (held) {
        current = undefined;
        held.arrive();
        await held.released;
      }
      await route.continue();
    },
  );
  return () => {
    let arrive!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    current = { arrive, released };
    return { arrived, release };
  };
}

test("a lead's note being saved leaves the status and erasure forms free, and the status being saved leaves the note free", async ({
  signedIn: page,
  request,
}) => {
  const marker = `busy${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const company = `Vågsbygd Verksted ${marker}`;
  const sent = await request.post("/api/contact", {
    data: { company, project: "En bestillingsside for verkstedet.", email: uniqueAddress("busy") },
  });
  expect(sent.status()).toBe(201);
  await page.goto(`/admin/inbox?q=${marker}`);
  await page.locator(".inbox-table tbody tr").getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { name: "Salgsløp" })).toBeVisible();
  await waitForHydration(page);
  const path = new URL(page.url()).pathname;

  const notes = page.getByRole("region", { name: "Interne notater" });
  const saveNote = notes.getByRole("button", { name: "Lagre notat" });
  const saveStatus = page.getByRole("button", { name: "Lagre status" });
  const erase = page.getByRole("button", { name: "Slett henvendelsen" });
  const hold = await postHolder(page, path);

  // The note is sent and held: its own button is busy, the neighbours are not.
  const note = hold();
  try {
    await notes.getByLabel("Nytt notat (bare for staben)").fill("Ringte, de vil ha tilbud.");
    await saveNote.click();
    await note.arrived;
    await expect(saveNote).toBeDisabled();
    await expect(saveStatus).toBeEnabled();
    await expect(saveStatus).toHaveText("Lagre status");
    await expect(erase).toBeEnabled();
    await expect(erase).toHaveText("Slett henvendelsen");
  } finally {
    note.release();
  }
  await expect(notes.getByRole("status")).toHaveText("Notatet er lagret.");
  await expect(saveNote).toBeEnabled();

  // The other way round: the status is sent and held; the note form stays free.
  const status = hold();
  try {
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Kontaktet" });
    await saveStatus.click();
    await status.arrived;
    await expect(saveStatus).toBeDisabled();
    await expect(saveNote).toBeEnabled();
    await expect(saveNote).toHaveText("Lagre notat");
  } finally {
    status.release();
  }
  await expect(page.getByText("Status endret til «Kontaktet».")).toBeVisible();
  await expect(saveStatus).toBeEnabled();
});

// The blog editor: one form whose four buttons send four intents, beside the review panel's
// forms and the page's links. Its buttons are found by what they send: their text changes.
const editorButton = (page: Page, intent: string) => page.locator(`button[name="intent"][value="${intent}"]`);

test("the blog editor is busy for its own save, not while a link is followed; 'Laster...' while the list loads after a save", async ({
  signedIn: page,
}) => {
  await page.goto("/blog/cms");
  await waitForHydration(page);
  const publish = editorButton(page, "publish");
  const draft = editorButton(page, "draft");
  const list = await postHolder(page, "/blog/manage", "GET");

  // Back to the list, its data held: the editor says nothing about it.
  const leaving = list();
  try {
    await page.getByRole("link", { name: "← Tilbake til oversikten" }).click();
    await leaving.arrived;
    await expect(publish).toHaveText("Publiser");
    await expect(publish).toBeEnabled();
    await expect(draft).toBeEnabled();
  } finally {
    leaving.release();
  }
  await expect(page).toHaveURL(/\/blog\/manage$/);

  // Its own save (a draft), held: busy; then the list it goes on to, held: "Laster...".
  const title = unique("Opptatt utkast");
  await writePost(page, { title });
  await waitForHydration(page);
  const save = (await postHolder(page, "/blog/cms"))();
  const after = list();
  try {
    await draft.click();
    await save.arrived;
    await expect(publish).toHaveText("Publiserer...");
    await expect(draft).toBeDisabled();
  } finally {
    save.release();
  }
  try {
    await after.arrived;
    await expect(publish).toHaveText("Laster...");
  } finally {
    after.release();
  }
  await expect(page).toHaveURL(/\/blog\/manage$/);
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Utkast");
});

test.describe("an author's post in review", () => {
  test.use({ staffAccount: "author" });

  test("while the review panel's “Trekk tilbake” is sent, the editor's buttons stay free", async ({ signedIn: page }) => {
    const title = unique("Opptatt til godkjenning");
    await writePost(page, { title, author: "Eva Skribent" });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send til godkjenning" }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
    await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /Rediger/ }).click();
    await expect(page.getByTestId("review-status")).toHaveText("Til godkjenning");
    await waitForHydration(page);

    const withdraw = page.getByRole("button", { name: "Trekk tilbake" });
    const held = (await postHolder(page, "/blog/cms"))();
    try {
      await withdraw.click();
      await held.arrived;
      await expect(withdraw).toBeDisabled();
      await expect(editorButton(page, "submit")).toBeEnabled();
      await expect(editorButton(page, "draft")).toBeEnabled();
    } finally {
      held.release();
    }
    await expect(page.getByRole("status")).toContainText("Innlegget er trukket fra godkjenning");
  });
});
