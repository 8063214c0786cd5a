import { expect, test } from "./support/fixtures";
import { uniqueAddress, waitForMail } from "./support/mailbox";
import { waitForHydration } from "./support/sign-in";

// The security log lists what this test did (as the shared "staff" account, so the test
// looks for its own subscriber's id), and the mail page shows the e-mail it caused.
test.use({ viewport: { width: 1280, height: 900 } });

test("the security log shows the test's own actions; the mail page shows the e-mail it sent", async ({ signedIn: page }) => {
  test.setTimeout(120_000); // a ceiling for a busy machine, not a timing
  const email = uniqueAddress("audit-mail");
  const signUp = await page.request.post("/api/contact", { data: { email, type: "newsletter" } });
  expect(signUp.status()).toBeLessThan(300);
  const confirmation = await waitForMail({ kind: "newsletter-confirm", to: email });

  // An action to find in the log: unsubscribing the new address on its owner's behalf.
  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers\/[0-9a-f-]{36}$/);
  const subscriberId = page.url().split("/").pop()!;
  await waitForHydration(page);
  const leave = page.getByRole("region", { name: "Meld av" });
  await leave.getByLabel("Personen har bedt om å bli meldt av").check();
  page.once("dialog", (dialog) => void dialog.accept());
  await leave.getByRole("button", { name: "Meld av" }).click();
  await expect(leave.getByRole("status")).toHaveText("Abonnenten er meldt av.");

  // The log, filtered with the form by account and kind.
  await page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Sikkerhet", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sikkerhet");
  const filters = page.getByRole("search", { name: "Filtrer hendelser" });
  await filters.locator("select[name=account]").selectOption({ label: "Staff Tester (staff@fjordform.test)" });
  await filters.locator("select[name=kind]").selectOption({ label: "Abonnent meldt av" });
  await filters.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/\/admin\/security\?account=[0-9a-f-]{36}&kind=subscriber_unsubscribed$/);
  const mine = page.locator(".security-table tbody tr").filter({ hasText: subscriberId });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole("cell")).toHaveText([
    /^\d{1,2}\. \S+ \d{4} kl\. \d\d:\d\d$/,
    /^Staff Tester\s*staff@fjordform\.test$/,
    "Abonnent meldt av",
    "127.0.0.1",
    new RegExp(`subscriberId:?\\s*${subscriberId}`),
  ]);
  // Signing in is logged too.
  await page.goto("/admin/security?kind=login");
  await expect(page.locator(".security-table tbody tr").first().locator(".event-label")).toHaveText("Logget inn");

  // The mail page: the confirmation e-mail, delivered.
  await page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "E-post" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-post");
  await page.getByRole("navigation", { name: "Utboksen" }).getByRole("link", { name: /^Sendt/ }).click();
  await expect(page).toHaveURL(/\/admin\/mail\?status=sent$/);
  const sent = page.locator(".mail-table tbody tr").filter({ hasText: email });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByRole("cell").nth(1)).toContainText(confirmation.subject!);
  await expect(sent.getByRole("cell").nth(1)).toContainText("Bekreft påmelding til nyhetsbrevet");
  await expect(sent.getByRole("cell").nth(4)).toHaveText("1");
  await expect(sent.getByRole("cell").nth(5)).toHaveText("Levert");
  await sent.getByRole("link", { name: confirmation.subject! }).click();
  await expect(page).toHaveURL(/\/admin\/mail\/[0-9a-f-]{36}$/);
  await expect(page.locator(".lead-facts")).toContainText(email);
  await expect(page.getByRole("button", { name: "Send igjen" }), "only a failed message can be sent again").toHaveCount(0);
});

test("signed out, the security log and the mail pages redirect home", async ({ request }) => {
  for (const path of ["/admin/security", "/admin/mail", "/admin/mail/00000000-0000-4000-8000-000000000000"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/");
  }
});
