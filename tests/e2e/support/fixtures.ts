import { test as base, type Page } from "@playwright/test";
import { signInWithRequest } from "./sign-in";
import type { StaffAccount } from "./staff-accounts";

/**
 * The browser tests' shared fixtures:
 *   signedIn      a page whose browser context is signed in (as `staffAccount`, "staff"
 *                 unless a file says `test.use({ staffAccount: … })`), through the real
 *                 sign-in form's POST, like a person without JavaScript.
 */
type Fixtures = { staffAccount: StaffAccount; signedIn: Page };

export const test = base.extend<Fixtures>({
  staffAccount: ["staff", { option: true }],
  signedIn: async ({ page, context, staffAccount }, provide) => {
    await signInWithRequest(context.request, staffAccount);
    await provide(page);
  },
});

export { expect } from "@playwright/test";
