import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { waitForHydration } from "./support/sign-in";

// A visitor signs up through the public footer form and confirms by e-mail; staff find
// them in /admin/subscribers, export the list, unsubscribe them on their behalf, and
// erase them on request. Other tests add subscribers meanwhile: each test searches for
// its own address.
test.use({ viewport: { width: 1280, height: 900 } });

async function asVisitor(browser: Browser, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The footer sign-up on a content page, then the button in the confirmation e-mail. */
async function subscribeAndConfirm(browser: Browser, email: string) {
  await asVisitor(browser, async (visitor) => {
    await visitor.goto("/about");
    const form = visitor.locator("footer.site-footer form.newsletter-form");
    await expect(form).toHaveAttribute("data-enhanced", ""); // its script has taken it over
    await form.getByLabel("Get our newsletter").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText("Thanks for subscribing to our newsletter!");
    const confirmation = await waitForMail({ kind: "newsletter-confirm", to: email });
    await visitor.goto(linkIn(confirmation, "/newsletter/confirm"));
    await visitor.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("You’re subscribed.");
  });
}

test("subscribe, confirm, find them, export, unsubscribe on their behalf, then erase them", async ({ signedIn: page, browser }) => {
  test.setTimeout(180_000); // a ceiling for a busy machine: two visitors, e-mails and many pages
  const email = uniqueAddress("sub-admin");
  await subscribeAndConfirm(browser, email);

  // Found by a search for the address, with status, source and dates.
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abonnenter på nyhetsbrevet");
  const rows = page.locator(".subscribers-table tbody tr");
  await expect(rows).toHaveCount(1);
  // Signed up in a browser with JavaScript: the proof of work was done (decision 062).
  await expect(rows.getByRole("cell")).toHaveText([email, /^Aktiv\s*Verifisert$/, "Bunnteksten", /\d{4} kl\. \d\d:\d\d$/, /\d{4} kl\. \d\d:\d\d$/, "–"]);
  await page.goto(`/admin/subscribers?status=pending&q=${encodeURIComponent(email)}`);
  await expect(page.getByText("Ingen abonnenter passer filteret.")).toBeVisible();

  // The CSV export of the filtered list.
  await page.goto(`/admin/subscribers?status=active&q=${encodeURIComponent(email)}`);
  const exportLink = page.getByRole("link", { name: "Eksporter CSV" });
  await expect(exportLink).toHaveAttribute("href", `/admin/subscribers/export.csv?status=active&q=${encodeURIComponent(email)}`);
  const response = await page.request.get((await exportLink.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="abonnenter-\d{4}-\d\d-\d\d\.csv"$/);
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    '"E-post";"Status";"Kilde";"Påmeldt (Oslo)";"Bekreftet (Oslo)";"Avmeldt (Oslo)";"Samtykke gitt (Oslo)";"Samtykke fra IP";"Samtykketekst"',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^"${email.replace(/[.+]/g, "\\$&")}";"Aktiv";"Bunnteksten";`));
  expect(lines[1]).toContain("I can unsubscribe at any time with one click.");

  // The subscriber's page: the consent record as stored.
  await rows.getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers\/[0-9a-f-]{36}$/);
  const subscriberUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(email);
  const consent = page.getByRole("region", { name: "Samtykke" });
  await expect(consent).toContainText("I can unsubscribe at any time with one click.");
  await expect(consent).toContainText("127.0.0.1");
  await expect(page.getByRole("region", { name: "E-poster fra nyhetsbrevet" })).toContainText("Velkommen til nyhetsbrevet");

  // Unsubscribe on their behalf: a box to tick first, then the browser's dialog.
  await waitForHydration(page);
  const leave = page.getByRole("region", { name: "Meld av" });
  await leave.getByRole("button", { name: "Meld av" }).click();
  await expect(leave.getByRole("alert")).toHaveText("Kryss av for å bekrefte avmeldingen.");
  await leave.getByLabel("Personen har bedt om å bli meldt av").check();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(`Melde av ${email}?`);
    void dialog.accept();
  });
  await leave.getByRole("button", { name: "Meld av" }).click();
  await expect(leave.getByRole("status")).toHaveText("Abonnenten er meldt av.");
  await expect(page.locator(".lead-facts .badge").first()).toHaveText("Avmeldt");

  // Erasure: confirmed twice; cancelling the dialog keeps everything.
  const erase = page.getByRole("region", { name: "Slett på forespørsel" });
  await erase.getByLabel(/Personen har bedt om sletting/).check();
  page.once("dialog", (dialog) => void dialog.dismiss());
  await erase.getByRole("button", { name: "Slett abonnenten" }).click();
  await expect(page).toHaveURL(subscriberUrl);
  page.once("dialog", (dialog) => void dialog.accept());
  await erase.getByRole("button", { name: "Slett abonnenten" }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers$/);
  await expect(page.getByRole("status")).toContainText("Abonnenten er slettet.");

  // Gone from the list, the page, the export and the database behind the e-mail's link.
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("Ingen abonnenter passer filteret.")).toBeVisible();
  expect((await page.request.get(subscriberUrl)).status()).toBe(404);
  const csv = await (await page.request.get(`/admin/subscribers/export.csv?q=${encodeURIComponent(email)}`)).text();
  expect(csv.trimEnd().split("\r\n"), "nothing left to export").toHaveLength(1);
  const welcome = await waitForMail({ kind: "newsletter-welcome", to: email });
  await asVisitor(browser, async (visitor) => {
    await visitor.goto(linkIn(welcome, "/newsletter/unsubscribe"));
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This link is not valid.");
  });
});

test("on a 375 px phone the subscriber list is cards, without sideways scrolling", async ({ signedIn: page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueAddress("sub-phone");
  await subscribeAndConfirm(browser, email);
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  const cell = page.locator(".subscribers-table tbody td").first();
  await expect(cell).toHaveText(email);
  expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"E-post"');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("signed out, the list, a subscriber and the export redirect home", async ({ request }) => {
  for (const path of ["/admin/subscribers", "/admin/subscribers/export.csv", "/admin/subscribers/00000000-0000-4000-8000-000000000000"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/");
  }
});
