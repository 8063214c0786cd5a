import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";

/**
 * Staff accounts for the browser tests, one per concern so tests that lock an account
 * or turn on two-step verification do not disturb the others. Passwords are random
 * per run and passed to the tests through the environment.
 */
export const STAFF_ACCOUNTS = {
  staff: "staff@fjordform.test",
  lockout: "lockout@fjordform.test",
  mfa: "mfa@fjordform.test",
  session: "session@fjordform.test",
  security: "security@fjordform.test",
  /** Two-step changes that need the password again, and the code budget (auth-reauth.spec.ts). */
  twostep: "twostep@fjordform.test",
  /** Guessing the current password in settings until the account locks (auth-reauth.spec.ts). */
  guess: "guess@fjordform.test",
  /** Changes its own password in settings (settings-password.spec.ts). */
  passwordchange: "passwordchange@fjordform.test",
  /** Writes a post while another browser signs it out (blog-revisions.spec.ts). */
  writer: "writer@fjordform.test",
  /** Signs in from several browsers, gets the new-browser notice and ends a session (sessions.spec.ts). */
  browsers: "browsers@fjordform.test",
  /** An address as long as real ones get: lists and filters must not widen a phone's page. */
  longaddress: "kari.nordmann-bjornstad.prosjektleder.oslo@fjordform.test",
  /** A Redaktør and a Skribent (staff-roles.spec.ts); every other account is an owner (Eier). */
  editor: "editor@fjordform.test",
  author: "author@fjordform.test",
  /** Adds a passkey, signs in with it alone and as the second step, removes it (auth-passkeys.spec.ts). */
  passkey: "passkey@fjordform.test",
  /** Gets its role changed on the Team page (staff-roles.spec.ts). */
  promoted: "promoted@fjordform.test",
} as const;

/** The accounts made with a role other than owner (decision 059). */
const ROLES: Partial<Record<keyof typeof STAFF_ACCOUNTS, "editor" | "author">> = {
  editor: "editor",
  author: "author",
  promoted: "author",
};

export type StaffAccount = keyof typeof STAFF_ACCOUNTS;

export function staffCredentials(account: StaffAccount) {
  const password = process.env[`E2E_PASSWORD_${account.toUpperCase()}`];
  if (!password) throw new Error(`No password for ${account}: accounts are made in playwright.config.ts`);
  return { email: STAFF_ACCOUNTS[account], password };
}

export function createStaffAccounts(dataDir: string) {
  const accounts = Object.entries(STAFF_ACCOUNTS).map(([account, email]) => {
    const password = randomBytes(18).toString("base64url");
    process.env[`E2E_PASSWORD_${account.toUpperCase()}`] = password;
    const role = ROLES[account as StaffAccount] ?? "owner";
    return { email, password, role, name: `${account[0]!.toUpperCase()}${account.slice(1)} Tester` };
  });
  execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/support/create-staff.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", E2E_STAFF_JSON: JSON.stringify(accounts) },
    stdio: "inherit",
  });
}
