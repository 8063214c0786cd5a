import { type Browser, expect, type Page, test } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { loginForm, signInWithForm, waitForHydration } from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";

// A post's revisions, a draft's private preview link, and nothing typed being lost
// (docs/decisions/052).

/** Writes a post, saves it (published or as a draft) and opens it in the editor again. */
async function savedPost(page: Page, title: string, content: string, how: "Publiser" | "Lagre som utkast") {
  await writePost(page, { title, content });
  await page.getByRole("button", { name: how, exact: true }).click();
  await expect(page).toHaveURL("/blog/manage");
  await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: /Rediger/ }).click();
  await expect(page.getByLabel("Tittel (Title) *")).toHaveValue(title);
  await waitForHydration(page);
  return new URL(page.url()).searchParams.get("edit")!;
}

async function newSignedInPage(browser: Browser, account: "staff" | "writer") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, account);
  return { context, page };
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

test("a preview link shows the draft to a visitor without an account, until it is revoked", async ({ page, browser }) => {
  await signInWithForm(page, "staff");
  const title = unique("Draft for the client");
  await savedPost(page, title, "What the client should approve.", "Lagre som utkast");

  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Forhåndsvisningslenke" }) });
  await expect(panel.getByText("Ingen aktive lenker.")).toBeVisible();
  await panel.getByRole("button", { name: "Lag ny lenke" }).click();
  const linkField = panel.getByLabel(/Ny lenke/);
  await expect(linkField).toHaveValue(/\/blog\/preview\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await expect(panel.getByRole("listitem")).toContainText(/laget .* av Staff Tester, utløper/);
  // The text being written is still there: the panel works beside the form.
  await expect(page.getByLabel("Tittel (Title) *")).toHaveValue(title);

  const visitor = await browser.newContext();
  try {
    const anon = await visitor.newPage();
    const response = await anon.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(anon.locator(".post-body p")).toHaveText(["What the client should approve."]);
    await expect(anon.getByRole("note")).toContainText("This post is not published yet.");
    // Still a draft for everyone else.
    expect((await anon.goto(`/blog/${slugOf(title)}`))?.status()).toBe(404);

    page.once("dialog", (dialog) => void dialog.accept());
    await panel.getByRole("button", { name: "Trekk tilbake" }).click();
    await expect(panel.getByRole("status")).toHaveText("Lenken er trukket tilbake. Den virker ikke lenger.");
    await expect(panel.getByText("Ingen aktive lenker.")).toBeVisible();

    const gone = await anon.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText("This page doesn’t exist.");
    await expect(anon.getByText(title)).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test("an earlier revision is compared with the post now and restored as a new revision", async ({ page }) => {
  await signInWithForm(page, "staff");
  const title = unique("Revised post");
  await savedPost(page, title, "The original words.\nA line that stays.", "Publiser");
  await page.getByLabel("Innhold (Content) *").fill("Rewritten words.\nA line that stays.");
  await page.getByRole("button", { name: "Oppdater og publiser" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg oppdatert!" })).toBeVisible();

  await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: /Rediger/ }).click();
  const versions = page.locator("section", { has: page.getByRole("heading", { name: "Versjoner" }) });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").first()).toContainText(/Versjon 2 \(nå\) · .* av Staff Tester/);
  await versions.getByRole("listitem").filter({ hasText: "Versjon 1" }).getByRole("link", { name: "Se endringer" }).click();

  await expect(page.getByRole("heading", { name: /Versjon 1 .* sammenlignet med innlegget nå/ })).toBeVisible();
  const diff = page.getByRole("list", { name: "Innholdet fra versjon 1 til nå" });
  await expect(diff.locator(".line-diff-removed")).toHaveText(["−Fjernet: The original words."]);
  await expect(diff.locator(".line-diff-added")).toHaveText(["+Lagt til: Rewritten words."]);
  await expect(diff.locator(".line-diff-same")).toHaveText([" A line that stays."]);

  await waitForHydration(page);
  await page.getByLabel(/Ja, gjør versjon 1 til gjeldende tekst/).check();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Gjenopprett" }).click();
  await expect(page).toHaveURL(/\/blog\/cms\?edit=/);
  await expect(page.getByRole("status").filter({ hasText: "Versjon 1 er gjenopprettet som versjon 3." })).toBeVisible();
  await expect(page.getByLabel("Innhold (Content) *")).toHaveValue("The original words.\nA line that stays.");
  await expect(versions.getByRole("listitem").first()).toContainText("Versjon 3 (nå)");
  await expect(versions.getByRole("listitem").first()).toContainText("gjenopprettet fra versjon 1");

  await page.goto(`/blog/${slugOf(title)}`);
  await expect(page.locator(".post-body p")).toHaveText(["The original words.", "A line that stays."]);
});

test("the session ends while writing: the text stays, and is saved after signing in again", async ({ page, browser }) => {
  await signInWithForm(page, "writer");
  const title = unique("Written through a sign-out");
  await savedPost(page, title, "First draft of the text.", "Publiser");
  const words = "Two hours of careful writing.\nThat must not be lost.";
  await page.getByLabel("Innhold (Content) *").fill(words);

  // Another browser of the same person signs every other session out.
  const other = await newSignedInPage(browser, "writer");
  try {
    await other.page.goto("/admin/settings");
    await waitForHydration(other.page);
    await other.page.getByRole("button", { name: "Logg ut alle andre økter" }).click();
    await expect(other.page.getByRole("status").filter({ hasText: /Logget ut av \d+ (annen|andre)/ })).toBeVisible();
  } finally {
    await other.context.close();
  }

  await page.getByRole("button", { name: "Oppdater og publiser" }).click();
  const problem = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Ikke autorisert" }) });
  await expect(problem).toContainText("Økten din er utløpt, så endringene er ikke lagret.");
  await expect(problem.getByRole("link", { name: "Til forsiden" })).toHaveAttribute("href", "/");
  await expect(page.getByLabel("Innhold (Content) *")).toHaveValue(words);
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("fjordform:blog-editor:")))).toBe(true);

  // Sign in again in a new tab, as the notice says, then save from the same page.
  const [login] = await Promise.all([
    page.context().waitForEvent("page"),
    problem.getByRole("link", { name: "Logg inn igjen (ny fane)" }).click(),
  ]);
  await waitForHydration(login);
  const { email, password } = staffCredentials("writer");
  const form = loginForm(login);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.button.click();
  await expect(login).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await login.close();

  await page.getByRole("button", { name: "Oppdater og publiser" }).click();
  await expect(page).toHaveURL("/blog/manage");
  await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg oppdatert!" })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith("fjordform:blog-editor:")))).toBe(false);
  await page.goto(`/blog/${slugOf(title)}`);
  await expect(page.locator(".post-body p")).toHaveText(["Two hours of careful writing.", "That must not be lost."]);
});

test("text typed and not saved is offered back after a reload", async ({ page }) => {
  await signInWithForm(page, "staff");
  const title = unique("Kept in the browser");
  await savedPost(page, title, "Saved words.", "Lagre som utkast");
  await page.getByLabel("Innhold (Content) *").fill("Words typed, then the tab reloaded.");
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("fjordform:blog-editor:")).length))
    .toBe(1);
  page.once("dialog", (dialog) => void dialog.accept()); // "leave the page?" while it has changes
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Innhold (Content) *")).toHaveValue("Saved words.");
  await expect(page.getByText(/Du har ulagrede endringer fra \d/)).toBeVisible();
  await page.getByRole("button", { name: "Gjenopprett teksten" }).click();
  await expect(page.getByLabel("Innhold (Content) *")).toHaveValue("Words typed, then the tab reloaded.");
  await page.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(page).toHaveURL("/blog/manage");
  await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: /Rediger/ }).click();
  await expect(page.getByLabel("Innhold (Content) *")).toHaveValue("Words typed, then the tab reloaded.");
  await expect(page.getByText(/Du har ulagrede endringer/)).toHaveCount(0);
});

test("two editors on one post: the second save is refused and its text stays", async ({ page, browser }) => {
  await signInWithForm(page, "staff");
  const title = unique("Edited twice");
  const id = await savedPost(page, title, "The words both opened.", "Publiser");

  const second = await newSignedInPage(browser, "staff");
  try {
    await second.page.goto(`/blog/cms?edit=${id}`);
    await waitForHydration(second.page);
    await expect(second.page.getByLabel("Innhold (Content) *")).toHaveValue("The words both opened.");

    await page.getByLabel("Innhold (Content) *").fill("The first editor's words.");
    await page.getByRole("button", { name: "Oppdater og publiser" }).click();
    await expect(page).toHaveURL("/blog/manage");

    const mine = "The second editor's words, typed meanwhile.";
    await second.page.getByLabel("Innhold (Content) *").fill(mine);
    await second.page.getByRole("button", { name: "Oppdater og publiser" }).click();
    const refusal = second.page.getByRole("alert").filter({ has: second.page.getByRole("heading", { name: /Ikke lagret/ }) });
    await expect(refusal).toContainText(/Innlegget ble endret av Staff Tester .*, etter at du åpnet det/);
    await expect(second.page).toHaveURL(new RegExp(`/blog/cms\\?edit=${id}$`));
    await expect(second.page.getByLabel("Innhold (Content) *")).toHaveValue(mine);

    await page.goto(`/blog/${slugOf(title)}`);
    await expect(page.locator(".post-body p")).toHaveText(["The first editor’s words."]); // typeset, decision 073
  } finally {
    await second.context.close();
  }
});
