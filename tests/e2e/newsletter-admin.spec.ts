import { expect, test } from "./support/fixtures";
import { header, linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { expectRedirectedHome } from "./support/sign-in";
import { STAFF_ACCOUNTS } from "./support/staff-accounts";
import { subscribeAndConfirm } from "./support/subscriber";

// Writing and sending an issue, as staff do it: compose, preview, a test to oneself, the
// confirmed send, and its progress until it is done. Other tests sign people up and off
// meanwhile, so the recipient count is read from the page, and this test's own
// subscriber is the one whose inbox is checked.
test.use({ viewport: { width: 1280, height: 900 } });

test("compose, preview, test to self, send: progress reaches «Sendt» and the subscriber gets it", async ({
  signedIn: page,
  request,
}) => {
  test.setTimeout(240_000); // a ceiling: the send releases 60 e-mails a minute
  const marker = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subscriber = uniqueAddress("issue");
  await subscribeAndConfirm(page, request, subscriber);

  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nyhetsbrev");
  await page.getByRole("link", { name: "Nytt nyhetsbrev" }).click();
  await page.getByLabel("Emnelinje").fill(`Autumn notes ${marker}`);
  await page.getByLabel("Forhåndstekst (valgfri)").fill("Three things we learnt");
  await page.getByLabel(/^Tekst/).fill(`Hello from the studio ${marker}.\nSecond paragraph.`);
  await page.getByRole("button", { name: "Lagre kladd" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").first()).toHaveText("Kladden er lagret.");

  // Both parts as subscribers get them.
  const frame = page.frameLocator('iframe[title="Forhåndsvisning av e-posten"]');
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Autumn notes ${marker}`);
  await expect(frame.getByText(`Hello from the studio ${marker}.`)).toBeVisible();
  // The frame's document has its own narrow policy: the e-mail's inline styles, no scripts.
  const preview = await page.request.get(`${page.url().replace(/\?.*$/, "")}/preview.html`);
  expect(preview.headers()["content-security-policy"]).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  );
  expect(preview.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  await expect(page.locator("pre.newsletter-text")).toContainText(`Hello from the studio ${marker}.\n\nSecond paragraph.`);

  // A test to the signed-in staff member only.
  await page.getByRole("button", { name: "Send test til meg" }).click();
  await expect(page.getByText(`Testen er lagt i utboksen til ${STAFF_ACCOUNTS.staff}.`)).toBeVisible();
  const testMail = await waitForMail({ kind: "newsletter-test", to: STAFF_ACCOUNTS.staff, text: marker });
  expect(testMail.subject).toBe(`[Test] Autumn notes ${marker}`);

  // The send is confirmed with the recipient count; the box must be ticked.
  await page.getByRole("link", { name: "Send til abonnentene …" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Send «Autumn notes ${marker}»`);
  const send = page.getByRole("button", { name: /^Send til \d+ abonnent(er)?$/ });
  await send.click();
  await expect(page.getByRole("alert")).toHaveText("Kryss av for å bekrefte utsendelsen.");
  // Someone else may sign up meanwhile: then the page shows the new count to confirm.
  for (let attempt = 0; ; attempt++) {
    await page.getByLabel(/Jeg har sett forhåndsvisningen/).check();
    await send.click();
    const outcome = await Promise.race([
      page.getByRole("status").filter({ hasText: "Utsendelsen er startet." }).waitFor().then(() => "started"),
      page.getByText("Antallet abonnenter har endret seg.", { exact: false }).waitFor().then(() => "changed"),
    ]);
    if (outcome === "started" || attempt === 3) break;
  }
  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: "Utsendelsen er startet." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Utsendelse" })).toBeVisible();
  // The page follows the send by itself until every e-mail has left.
  await expect(page.locator(".badge-issue-done")).toHaveText("Sendt", { timeout: 180_000 });

  const issue = await waitForMail({ kind: "newsletter-issue", to: subscriber, text: marker }, 60_000);
  expect(issue.subject).toBe(`Autumn notes ${marker}`);
  const leave = linkIn(issue, "/newsletter/unsubscribe");
  expect(header(issue, "List-Unsubscribe")).toBe(`<${leave}>`);
  expect(header(issue, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  // In the list: sent, with its counts.
  await page.goto("/admin/newsletter");
  const row = page.getByRole("row").filter({ hasText: marker });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Sendt");
});

test("signed out, the newsletter pages, the preview and the send redirect home and send nothing", async ({ request }) => {
  const id = "00000000-0000-4000-8000-000000000000";
  for (const path of ["/admin/newsletter", "/admin/newsletter/new", `/admin/newsletter/${id}`, `/admin/newsletter/${id}/preview.html`]) {
    await expectRedirectedHome(request, path);
  }
  const send = await request.post(`/admin/newsletter/${id}/send`, {
    form: { confirm: "on", expectedRecipients: "1" },
    maxRedirects: 0,
  });
  expect(send.status()).toBe(302);
  expect(send.headers().location).toBe("/");
});
