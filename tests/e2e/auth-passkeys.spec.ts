import { expect, type Page, test } from "@playwright/test";
import { SIGN_IN, submitLogin, waitForHydration } from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";

// Decision 065 in Chromium, with its virtual authenticator (CTAP2, built in, user
// verification): add a passkey in settings, sign out, sign in with it alone; use it as
// the second step after the password; remove it after entering the password again.
//
// Browsers refuse an IP address as a passkey's RP ID, so this spec opens the server as
// http://localhost:<port>; the server accepts that twin of its loopback SITE_URL
// (config.server.ts) and uses "localhost" as RP ID (auth/webauthn.server.ts).
test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT}`, viewport: { width: 1280, height: 800 } });

const NAME = "Denne maskinen";
const passkeys = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Tilgangsnøkler", exact: true }) });

async function withAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page) {
  const { email, password } = staffCredentials("passkey");
  await page.goto("/login");
  await waitForHydration(page);
  await submitLogin(page, email, password);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).not.toHaveURL(/\/admin/);
}

test("add a passkey, sign out, sign in with it alone, use it as the second step, remove it", async ({ page }) => {
  const { cdp, authenticatorId } = await withAuthenticator(page);
  const { password } = staffCredentials("passkey");

  // Add: a name and the password, then the browser's prompt (answered by the authenticator).
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/settings");
  await waitForHydration(page);
  const section = passkeys(page);
  await expect(section.getByText("Du har ingen tilgangsnøkler ennå.")).toBeVisible();
  await section.getByLabel("Navn på nøkkelen").fill(NAME);
  await section.getByLabel("Passordet ditt").fill(password);
  await section.getByRole("button", { name: "Legg til tilgangsnøkkel" }).click();
  await expect(section.getByRole("status")).toHaveText(`Tilgangsnøkkelen «${NAME}» er lagt til.`);
  const row = section.getByRole("listitem").filter({ hasText: NAME });
  await expect(row).toContainText("sist brukt aldri");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Sign out, then in with the passkey alone: no e-mail, no password, no code.
  await logOut(page);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Logg inn med tilgangsnøkkel" }).click();
  await expect(page.locator(".auth-card .auth-message")).toHaveText(SIGN_IN.success);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/settings");
  await expect(passkeys(page).getByRole("listitem").filter({ hasText: NAME })).not.toContainText("sist brukt aldri");

  // The password now owes a second step, and the passkey is it.
  await logOut(page);
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/login\/mfa$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Use your passkey");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Bruk tilgangsnøkkel" }).click();
  await expect(page.locator(".auth-card .auth-message")).toHaveText(SIGN_IN.success);
  await expect(page).toHaveURL(/\/admin$/);

  // Remove: the password again (it was not entered in this session) and a tick.
  await page.goto("/admin/settings");
  await waitForHydration(page);
  const listed = passkeys(page).getByRole("listitem").filter({ hasText: NAME });
  await listed.getByRole("button", { name: "Fjern" }).click();
  await expect(listed.getByText("Kryss av for å bekrefte at nøkkelen skal fjernes.")).toBeVisible();
  await listed.getByLabel("Passordet ditt").fill(password);
  await listed.getByLabel(`Ja, fjern «${NAME}»`).check();
  await listed.getByRole("button", { name: "Fjern" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/passkeys$/);
  await expect(passkeys(page).getByRole("status")).toHaveText(`Tilgangsnøkkelen «${NAME}» er fjernet.`);
  await expect(passkeys(page).getByText("Du har ingen tilgangsnøkler ennå.")).toBeVisible();

  // Without a passkey on the account, the passkey button finds nothing to sign in with.
  await logOut(page);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Logg inn med tilgangsnøkkel" }).click();
  await expect(page.locator(".auth-card .auth-message")).toHaveText(
    "That passkey did not work. Try again, or sign in with your password.",
  );
  await expect(page).toHaveURL(/\/login$/);
});
