import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { freshColleague } from "./support/colleagues";
import { expect, test } from "./support/fixtures";
import { linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { staffCredentials } from "./support/staff-accounts";
import { SIGN_IN, waitForHydration } from "./support/sign-in";

/** Set to a folder: the row-menu test leaves screenshots there, for a person to look at. */
const SHOTS = process.env.STAFF_MENU_SHOTS_DIR;

/** The page at phone and desktop width, full length. */
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * The team page (/admin/staff): inviting a colleague, who sets a password from the
 * e-mail and lands signed in; deactivating a colleague, whose open session is refused
 * on its next request. Every account changed here is made here.
 */
test.describe("staff accounts", () => {
  // A ceiling for a busy machine (two browser contexts and an e-mail per test), not a timing.
  test.describe.configure({ timeout: 120_000 });
  test("an invited colleague sets a password from the e-mail and lands signed in", async ({ signedIn: page, browser }) => {
    const email = uniqueAddress("invitee");
    const name = `Nora ${randomBytes(3).toString("hex")}`;
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
    await expect(page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Team" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await waitForHydration(page);
    const invite = page.locator("#invite-form");
    // Bad input: a clear message, nothing sent, nothing lost.
    await invite.getByLabel("Navn").fill(name);
    await invite.getByLabel("E-post").fill("not an address");
    await invite.getByRole("button", { name: "Send invitasjon" }).click();
    await expect(invite.getByRole("alert")).toHaveText("Skriv en gyldig e-postadresse.");
    await expect(invite.getByLabel("Navn")).toHaveValue(name);
    await invite.getByLabel("E-post").fill(email);
    await invite.getByRole("button", { name: "Send invitasjon" }).click();
    await expect(page.getByRole("status")).toContainText(`Invitasjonen er sendt til ${email}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Invitert");
    await expect(row).toContainText("Aldri");

    const mail = await waitForMail({ to: email, kind: "staff-invitation" });
    expect(mail.text).toContain(`Hei ${name}`);
    const link = linkIn(mail, "/login/invitation");

    const context = await browser.newContext();
    try {
      const newcomer = await context.newPage();
      await newcomer.goto(link);
      await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText("Velkommen til teamet");
      await expect(newcomer.getByText(email)).toBeVisible();
      await waitForHydration(newcomer);
      const password = randomBytes(18).toString("base64url");
      await newcomer.getByLabel("Passord", { exact: true }).fill(password);
      await newcomer.getByLabel("Passordet en gang til").fill(`${password}x`);
      await newcomer.getByRole("button", { name: "Lagre og logg inn" }).click();
      await expect(newcomer.locator(".auth-card").getByRole("alert")).toHaveText("De to passordene er ikke like.");
      await newcomer.getByLabel("Passordet en gang til").fill(password);
      await newcomer.getByRole("button", { name: "Lagre og logg inn" }).click();
      await expect(newcomer).toHaveURL(/\/admin$/);
      await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText(`Velkommen tilbake, ${name}`);

      // The link works once.
      await newcomer.goto(link);
      await expect(newcomer.getByRole("heading", { level: 1 })).toHaveText("Lenken virker ikke");
      await expect(newcomer.locator(".auth-card").getByRole("alert")).toContainText("allerede brukt");
    } finally {
      await context.close();
    }
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Aktiv");
  });

  test("a deactivated colleague's open session is refused on its next request, and cannot sign in", async ({
    signedIn: page,
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const colleague = await freshColleague(page.request, context, "leaver");
      const theirs = await context.newPage();
      await theirs.goto("/admin");
      await expect(theirs.getByRole("heading", { level: 1 })).toHaveText(`Velkommen tilbake, ${colleague.name}`);

      await page.goto("/admin/staff");
      await page.getByRole("link", { name: colleague.name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(colleague.name);
      await waitForHydration(page);
      // The browser's "are you sure?" comes on top of the ticked box: say yes to it.
      page.on("dialog", (dialog) => void dialog.accept().catch(() => undefined));
      // Not confirmed: nothing happens.
      await page.getByRole("button", { name: "Deaktiver kontoen" }).click();
      await expect(page.getByRole("alert")).toHaveText("Kryss av for å bekrefte.");
      await page.getByLabel("Jeg vil deaktivere kontoen og logge ut alle øktene dens nå").check();
      await page.getByRole("button", { name: "Deaktiver kontoen" }).click();
      await expect(page.getByRole("status")).toHaveText("Kontoen er deaktivert, og alle øktene dens er avsluttet.");
      await expect(page.locator(".lead-facts")).toContainText("Deaktivert");

      // Their open page's next request: sent away, signed out.
      await theirs.goto("/admin/inbox");
      await expect(theirs).toHaveURL(/\/$/);
      const signIn = await context.request.post("/login", {
        form: { email: colleague.email, password: colleague.password },
        maxRedirects: 0,
      });
      expect(signIn.status()).toBe(401);
      expect(await signIn.text()).toContain(SIGN_IN.invalid);

      // And back again.
      await page.getByLabel("Jeg vil gi kontoen tilgang igjen").check();
      await page.getByRole("button", { name: "Aktiver kontoen igjen" }).click();
      await expect(page.getByRole("status")).toHaveText("Kontoen er aktiv igjen.");
      const again = await context.request.post("/login", {
        form: { email: colleague.email, password: colleague.password },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  test("a row's menu on the team list deactivates (set apart, confirmed) and reactivates a colleague", async ({
    signedIn: page,
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const colleague = await freshColleague(page.request, context, "rowmenu");
      await page.goto("/admin/staff");
      await waitForHydration(page);
      page.on("dialog", (dialog) => void dialog.accept().catch(() => undefined));
      const row = page.getByRole("row").filter({ hasText: colleague.email });
      const deactivate = row.getByRole("button", { name: `Deaktiver kontoen (${colleague.name})` });
      await expect(deactivate).toBeHidden();
      if (SHOTS) await screenshots(page, "admin-staff-menu-closed");
      await row.getByText("Handlinger").click();
      await expect(row.getByRole("link", { name: `Rolle og detaljer for ${colleague.name}` })).toBeVisible();
      // The destructive action sits apart, below the everyday ones.
      await expect(row.locator(".row-menu-danger").getByRole("button")).toHaveText([
        `Deaktiver kontoen (${colleague.name})`,
      ]);
      // Not confirmed: said in the row, whose menu stays open; nothing changed.
      await deactivate.click();
      await expect(row.getByRole("alert")).toHaveText("Kryss av for å bekrefte.");
      await expect(row).toContainText("Aktiv");
      if (SHOTS) {
        await screenshots(page, "admin-staff-menu-open");
        await page.setViewportSize({ width: 375, height: 812 });
        await row.screenshot({ path: `${SHOTS}/admin-staff-menu-open-row-375.png` });
        await page.setViewportSize({ width: 1280, height: 720 });
      }
      await row.getByLabel(`Jeg vil deaktivere kontoen og logge ut alle øktene dens nå (${colleague.name})`).check();
      await deactivate.click();
      await expect(page.getByRole("status")).toHaveText(
        `${colleague.name}: Kontoen er deaktivert, og alle øktene dens er avsluttet.`,
      );
      await expect(row).toContainText("Deaktivert");
      const signIn = await context.request.post("/login", {
        form: { email: colleague.email, password: colleague.password },
        maxRedirects: 0,
      });
      expect(signIn.status()).toBe(401);

      // A deactivated row offers "Aktiver kontoen igjen", and nothing in the danger part. (The
      // menu may still be open from before the change: the same <details> element, re-rendered.)
      if ((await row.locator("details.row-menu").getAttribute("open")) === null) await row.getByText("Handlinger").click();
      await expect(row.locator(".row-menu-danger")).toHaveCount(0);
      await row.getByLabel(`Jeg vil gi kontoen tilgang igjen (${colleague.name})`).check();
      await row.getByRole("button", { name: `Aktiver kontoen igjen (${colleague.name})` }).click();
      await expect(page.getByRole("status")).toHaveText(`${colleague.name}: Kontoen er aktiv igjen.`);
      await expect(row).toContainText("Aktiv");
    } finally {
      await context.close();
    }
  });

  test("one's own account cannot be deactivated, not even by a hand-made request", async ({ signedIn: page }) => {
    const { email } = staffCredentials("staff");
    await page.goto("/admin/staff");
    const own = page.getByRole("row").filter({ hasText: email });
    // Its row menu offers the profile, and no "Deaktiver kontoen".
    await own.getByText("Handlinger").click();
    await expect(own.getByRole("link", { name: "Min profil" })).toBeVisible();
    await expect(own.locator(".row-menu form")).toHaveCount(0);
    await own.getByRole("cell").first().getByRole("link").click();
    await expect(page.getByText("Dette er din egen konto")).toBeVisible();
    await expect(page.getByRole("button", { name: "Deaktiver kontoen" })).toHaveCount(0);
    const response = await page.request.post(page.url(), { form: { intent: "disable", confirm: "on" } });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Du kan ikke deaktivere din egen konto.");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Velkommen tilbake, /);
  });
});
