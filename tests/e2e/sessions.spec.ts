import { expect, test } from "@playwright/test";
import { findMails, linkIn, waitForMail } from "./support/mailbox";
import { landing, signInWithForm, signInWithRequest, waitForHydration } from "./support/sign-in";
import { STAFF_ACCOUNTS } from "./support/staff-accounts";

// Issue #31: a sign-in from a browser the account has not used sends one e-mail; the
// sessions page shows each session's browser and last use, and ends one.
test.use({ viewport: { width: 1280, height: 800 } });

const ADDRESS = STAFF_ACCOUNTS.browsers;

test("a new browser is e-mailed about; the sessions page marks this one and ends another", async ({
  page,
  browser,
}) => {
  await signInWithForm(page, "browsers");
  const before = (await findMails({ to: ADDRESS, kind: "new-browser" })).length;

  // A second browser: a context of its own, so a cookie jar of its own.
  const other = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  try {
    await signInWithRequest(other.request, "browsers");
    const notice = await waitForMail({ to: ADDRESS, kind: "new-browser", text: "Safari på iPhone" });
    expect(notice.subject).toContain("Ny innlogging fra Safari på iPhone");
    expect(notice.text).toContain("Var ikke dette deg? Avslutt økten og bytt passord");
    expect(linkIn(notice, "/admin/settings/sessions")).toContain("/admin/settings/sessions");
    // The same browser again (signed out, its known-browser cookie kept): no second notice.
    await other.clearCookies({ name: "session" });
    await signInWithRequest(other.request, "browsers");
    expect((await findMails({ to: ADDRESS, kind: "new-browser" })).length).toBe(before + 1);

    await page.goto("/admin/settings/sessions");
    await waitForHydration(page);
    const rows = page.locator(".session-table tbody tr");
    const mine = rows.filter({ hasText: "Denne økten" });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(/Chrome på \w+/);
    await expect(mine.locator("[data-label='Sist brukt']")).toHaveText(/\d{4} kl\. \d\d:\d\d/);
    const phone = rows.filter({ hasText: "Safari på iPhone" }).first();
    await expect(phone).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await phone.getByLabel("Ja, avslutt økten").check();
    await phone.getByRole("button", { name: "Avslutt økten" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Økten er avsluttet." })).toBeVisible();

    // The phone's next request goes to /login, which says why; this browser stays in.
    expect(await landing(other.request, "/admin")).toEqual({
      status: 302,
      location: "/login?ended=signed-out-elsewhere",
    });
    expect((await landing(page.request, "/admin")).status).toBe(200);
  } finally {
    await other.close();
  }
});
