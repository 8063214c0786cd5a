import { expect, type Page, test } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { signInWithForm, waitForHydration } from "./support/sign-in";

/**
 * Redirects (issue 26): a post's new address sends the old one on with a 301, staff add and
 * remove their own on /admin/redirects, and a loop is refused. Every test uses addresses of
 * its own and removes what it made, so the specs running beside it see nothing of it.
 */
const SHOTS = process.env.REDIRECT_SHOTS_DIR;

async function openRedirects(page: Page) {
  await page.goto("/admin/redirects");
  await waitForHydration(page);
}

/** "Fjern" on the row for `from`, confirmed (the box, then the browser's dialog). */
async function removeRow(page: Page, from: string) {
  await openRedirects(page);
  const row = page.getByRole("row").filter({ has: page.getByText(from, { exact: true }) });
  if ((await row.count()) === 0) return;
  await row.getByText("Handlinger").click(); // the row menu (a <details>)
  await row.getByLabel("Ja, fjern").check();
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Fjern" }).click();
  await expect(page.getByText(from, { exact: true })).toHaveCount(0);
}

async function addRedirect(page: Page, from: string, to: string) {
  await page.getByLabel("Fra adresse").fill(from);
  await page.getByLabel("Til adresse").fill(to);
  await page.getByRole("button", { name: "Legg til omdirigering" }).click();
}

test("a post's new address: the old one answers 301 to it, and the page follows", async ({ page, request }) => {
  await signInWithForm(page, "staff");
  const title = unique("Moving post");
  const oldSlug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const newSlug = `${oldSlug}-moved`;
  let postId: string | undefined;
  try {
    await writePost(page, { title });
    await page.getByRole("button", { name: "Publiser" }).click();
    await expect(page).toHaveURL("/blog/manage");
    const edit = await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: /Rediger/ }).getAttribute("href");
    postId = new URLSearchParams(edit!.split("?")[1]).get("edit") ?? undefined;
    expect((await request.get(`/blog/${oldSlug}`, { maxRedirects: 0 })).status()).toBe(200);

    await page.goto(edit!);
    await waitForHydration(page);
    await page.getByLabel("Slug").fill(newSlug);
    await page.getByRole("button", { name: "Oppdater og publiser" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg oppdatert!" })).toBeVisible();

    const moved = await request.get(`/blog/${oldSlug}?utm_source=newsletter`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe(`/blog/${newSlug}?utm_source=newsletter`);
    const visitor = await page.context().browser()!.newContext();
    const anon = await visitor.newPage();
    await anon.goto(`/blog/${oldSlug}`);
    await expect(anon).toHaveURL(new RegExp(`/blog/${newSlug}$`));
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText(title);
    await visitor.close();

    await openRedirects(page);
    const row = page.getByRole("row").filter({ has: page.getByText(`/blog/${oldSlug}`, { exact: true }) });
    await expect(row).toContainText(`/blog/${newSlug}`);
    await expect(row).toContainText("Automatisk");
  } finally {
    await removeRow(page, `/blog/${oldSlug}`);
    if (postId) await page.request.delete(`/api/blog-edit?id=${postId}`);
  }
});

test("staff add a redirect, a loop is refused with what was typed kept, and removing it brings the 404 back", async ({
  page,
  request,
}) => {
  await signInWithForm(page, "staff");
  const base = `/old-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const [from, other] = [`${base}/a`, `${base}/b`];
  try {
    expect((await request.get(from, { maxRedirects: 0 })).status()).toBe(404);
    await openRedirects(page);
    await addRedirect(page, from, other);
    await expect(page.getByRole("status").filter({ hasText: `${from} omdirigeres nå til ${other}.` })).toBeVisible();
    await expect(page.getByLabel("Fra adresse")).toHaveValue("");
    const row = page.getByRole("row").filter({ has: page.getByText(from, { exact: true }) });
    await expect(row).toContainText("Manuell");

    const answer = await request.get(`${from}?ref=card`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers()["location"]).toBe(`${other}?ref=card`);

    // b → a while a → b exists: a loop, refused under the field; the form keeps both addresses.
    await addRedirect(page, other, from);
    await expect(page.getByText(`Det ville gi en sløyfe: ${from} omdirigeres allerede til ${other}.`)).toBeVisible();
    await expect(page.getByLabel("Fra adresse")).toHaveValue(other);
    await expect(page.getByLabel("Til adresse")).toHaveValue(from);
    if (SHOTS) await screenshots(page, "error");
    // An open redirect is refused before it reaches the server.
    await addRedirect(page, `${base}/c`, "//evil.example");
    await expect(page.getByText("eller en fullstendig https://-adresse.")).toBeVisible();
    expect((await request.get(other, { maxRedirects: 0 })).status()).toBe(404);
    await addRedirect(page, `${base}/c`, "https://example.com/");
    await expect(page.getByRole("status").filter({ hasText: `${base}/c omdirigeres nå til https://example.com/.` })).toBeVisible();
    if (SHOTS) await screenshots(page, "rows");

    await removeRow(page, from);
    expect((await request.get(from, { maxRedirects: 0 })).status()).toBe(404);
  } finally {
    await removeRow(page, from);
    await removeRow(page, `${base}/c`);
  }
});

test("a field with a hint and an error announces both: aria-describedby names the two, the reader hears the two", async ({
  page,
}) => {
  await signInWithForm(page, "staff");
  const from = `/old-${Date.now()}-${Math.floor(Math.random() * 1e6)}/aria`;
  const hintText = "En adresse på dette nettstedet (/blog/nytt-innlegg) eller en https://-adresse.";
  try {
    await openRedirects(page);
    const to = page.getByLabel("Til adresse");
    // Before anything is wrong: the hint alone.
    await expect(to).toHaveAccessibleDescription(hintText);
    await expect(page.getByLabel("Fra adresse")).toHaveAccessibleDescription(/som ellers gir «finnes ikke»/);

    await addRedirect(page, from, "//evil.example");
    const error = page.getByText("eller en fullstendig https://-adresse.");
    await expect(error).toBeVisible();
    await expect(to).toHaveAttribute("aria-invalid", "true");
    const hintId = await page.getByText(hintText, { exact: true }).getAttribute("id");
    const errorId = await error.getAttribute("id");
    expect(hintId).toBeTruthy();
    expect(errorId).toBeTruthy();
    expect((await to.getAttribute("aria-describedby"))?.split(" ")).toEqual(expect.arrayContaining([hintId, errorId]));
    await expect(to).toHaveAccessibleDescription(/fullstendig https:\/\/-adresse/);
    await expect(to).toHaveAccessibleDescription(/\(\/blog\/nytt-innlegg\) eller en https:\/\/-adresse/);
  } finally {
    await removeRow(page, from);
  }
});

test("removing a redirect a colleague removed meanwhile says so in its row, with a 404", async ({ page, baseURL }) => {
  await signInWithForm(page, "staff");
  const from = `/old-${Date.now()}-${Math.floor(Math.random() * 1e6)}/gone`;
  try {
    await openRedirects(page);
    await addRedirect(page, from, "/about");
    const row = page.getByRole("row").filter({ has: page.getByText(from, { exact: true }) });
    await expect(row).toContainText("Manuell");
    // The colleague: the same removal, posted from elsewhere while this page still shows the row.
    const id = await row.locator('input[name="id"]').inputValue();
    const colleague = await page.request.post("/admin/redirects", {
      form: { intent: "remove", id, confirm: "on" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(colleague.status()).toBe(200);

    await row.getByText("Handlinger").click();
    await row.getByLabel("Ja, fjern").check();
    page.once("dialog", (dialog) => void dialog.accept());
    const answer = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/redirects"));
    await row.getByRole("button", { name: "Fjern" }).click();
    expect((await answer).status()).toBe(404);
    await expect(row.getByRole("alert")).toHaveText("Omdirigeringen finnes ikke lenger (en kollega kan ha fjernet den).");
    if (SHOTS) await screenshots(page, "gone");
  } finally {
    await removeRow(page, from);
  }
});

/** The page at phone and desktop width, for a person to look at (REDIRECT_SHOTS_DIR set). */
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `no sideways scrolling at ${width}px`).toBe(false);
    await page.screenshot({ path: `${SHOTS}/admin-redirects-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
