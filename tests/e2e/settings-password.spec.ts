import { expect, type Page, test } from "@playwright/test";
import {
  landing,
  loginForm,
  openLogin,
  signInWithForm,
  signInWithRequest,
  submitLogin,
  waitForHydration,
} from "./support/sign-in";
import { SIGN_IN } from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";

// "Change password" in /admin/settings: the browser checks the new password with the
// server's rules before anything is sent; a change ends the account's other sessions,
// and from then on only the new password signs in.

const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading }) });

test("changing the password: checked in the browser first, then other sessions end and only the new one works", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, password } = staffCredentials("passwordchange");
  const elsewhere = await browser.newContext();
  try {
    await signInWithRequest(elsewhere.request, "passwordchange");
    expect((await landing(elsewhere.request, "/admin")).status).toBe(200);

    await signInWithForm(page, "passwordchange");
    await page.goto("/admin/settings");
    await waitForHydration(page);
    const change = section(page, "Bytt passord");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });

    // Too short and not repeated: said at the fields, nothing sent.
    await change.getByLabel("Nåværende passord").fill(password);
    await change.getByLabel("Nytt passord", { exact: true }).fill("too short");
    await change.getByLabel("Nytt passord igjen").fill("something else");
    await change.getByRole("button", { name: "Bytt passord" }).click();
    await expect(change.locator(".field-error")).toHaveText([
      "Passordet må ha minst 12 tegn.",
      "De to nye passordene er ulike.",
    ]);
    await expect(change.getByLabel("Nytt passord", { exact: true })).toHaveAttribute("minlength", "12");
    await expect(change.getByLabel("Nytt passord", { exact: true })).toHaveAttribute("maxlength", "128");
    expect(posts).toEqual([]);

    const next = "a brand new passphrase for settings";
    await change.getByLabel("Nytt passord", { exact: true }).fill(next);
    await change.getByLabel("Nytt passord igjen").fill(next);
    await change.getByRole("button", { name: "Bytt passord" }).click();
    await expect(change.getByRole("status")).toHaveText("Passordet er byttet. Andre økter ble logget ut.");
    await expect(page).toHaveURL(/\/admin\/settings\/password$/);
    expect(posts).toEqual(["/admin/settings/password.data"]); // one post, to the password intent
    // The fields are empty again: no password stays in the page.
    for (const label of ["Nåværende passord", "Nytt passord", "Nytt passord igjen"]) {
      await expect(change.getByLabel(label, { exact: true })).toHaveValue("");
    }

    // This browser stays signed in; the other session was ended on the server.
    expect((await landing(page.request, "/admin")).status).toBe(200);
    // The other browser is told why on /login (and its dead cookie is cleared).
    expect(await landing(elsewhere.request, "/admin")).toEqual({
      status: 302,
      location: "/login?ended=password-changed",
    });

    // Only the new password signs in now.
    const fresh = await browser.newPage();
    try {
      await openLogin(fresh);
      await submitLogin(fresh, email, password);
      await expect(loginForm(fresh).message).toHaveText(SIGN_IN.invalid);
      await openLogin(fresh);
      await submitLogin(fresh, email, next);
      await expect(fresh).toHaveURL(/\/admin$/, { timeout: 15_000 });
    } finally {
      await fresh.close();
    }
  } finally {
    await elsewhere.close();
  }
});
