import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { openLogin, settleAfterSignIn, submitLogin, waitForHydration } from "./support/sign-in";
import { totpCode } from "./support/totp";

/*
 * The studio's two-step policy (decisions 059, 065) in a real browser: an owner requires
 * two-step for everyone on the Team page, and an editor without it is sent to enrol and
 * reaches nothing else (pages, `.data`, APIs) until they have. Turning the policy on in
 * the shared e2e server would lock out every other spec running beside this one, so this
 * file starts a production server of its own on a fresh DATA_DIR and stops it at the end.
 * Nobody moves this server's clock (no TEST_HOOKS), so a TOTP code is simply today's.
 */
test.describe.configure({ mode: "serial" });

const ENROL = "/admin/settings/two-step/enrol";
const ENROLMENT_REQUIRED = "Studioet krever totrinnsbekreftelse for kontoen din.";
const SHOTS = process.env.ENROL_SHOTS; // a folder: screenshots of the enrolment page when set

const accounts = {
  owner: { email: "eier@fjordform.test", name: "Eier Tester", role: "owner" },
  editor: { email: "redaktor@fjordform.test", name: "Redaktor Tester", role: "editor" },
} as const;
type Account = keyof typeof accounts;
const passwords = {} as Record<Account, string>;

let server: RunningServer | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  // Ceilings for a busy machine (initdb, migrations, first start), not timings.
  test.setTimeout(300_000);
  dataDir = makeDataDir("e2e-two-step-policy");
  for (const account of Object.keys(accounts) as Account[]) passwords[account] = randomBytes(18).toString("base64url");
  // The accounts are made before the server starts, in the same way as the shared server's
  // (tests/e2e/support/create-staff.ts): the real createUser, no test bypass.
  execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/support/create-staff.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      E2E_STAFF_JSON: JSON.stringify(
        (Object.keys(accounts) as Account[]).map((key) => ({ ...accounts[key], password: passwords[key] })),
      ),
    },
    stdio: "inherit",
    timeout: 240_000,
  });
  server = await startProductionServer({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: "1000" });
});

test.afterAll(async () => {
  test.setTimeout(300_000);
  try {
    // SIGKILL, then the data dir's PostgreSQL is stopped by removeDataDir.
    if (server) await killAll([server]);
  } finally {
    if (dataDir) await removeDataDir(dataDir);
  }
});

/** A fresh browser context on this file's server, signed in through the real form. */
async function signIn(browser: Browser, account: Account) {
  const context = await browser.newContext({ baseURL: server!.url });
  const page = await context.newPage();
  await openLogin(page);
  await submitLogin(page, accounts[account].email, passwords[account]);
  return { context, page };
}

async function expectEnrolmentPage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${ENROL}$`));
  await expect(page.getByText(ENROLMENT_REQUIRED)).toBeVisible();
  // No way "back" to a settings overview that would only send them here again.
  await expect(page.getByRole("link", { name: "Tilbake til alle innstillinger" })).toHaveCount(0);
}

test("an owner requires two-step for everyone; an editor without it is sent to enrol and reaches nothing else until enrolled", async ({
  browser,
}) => {
  const owner = await signIn(browser, "owner");
  try {
    await expect(owner.page).toHaveURL(/\/admin$/);
    await settleAfterSignIn(owner.page);
    await owner.page.goto("/admin/staff");
    await waitForHydration(owner.page);
    const panel = owner.page.locator("section", {
      has: owner.page.getByRole("heading", { name: "Krav om totrinnsbekreftelse" }),
    });
    await panel.getByLabel("Totrinnsbekreftelse", { exact: true }).selectOption({ label: "Påkrevd for alle" });
    // The box first (the confirmation without JavaScript), then the browser's own question.
    await panel.getByLabel("Jeg vil endre kravet for hele teamet").check();
    // The click returns only once the dialog is answered: it is answered as it opens.
    let question = "";
    owner.page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    const saved = owner.page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/staff"),
    );
    await panel.getByRole("button", { name: "Lagre kravet" }).click();
    expect(question).toBe("Endre kravet om totrinnsbekreftelse?");
    await saved;
    // The owner has no second factor either: "everyone" covers them at their very next page.
    await expectEnrolmentPage(owner.page);
    await expect(owner.page.getByText("Alle må nå ha totrinnsbekreftelse.")).toBeVisible();
  } finally {
    await owner.context.close();
  }

  const editor = await signIn(browser, "editor");
  try {
    const { page } = editor;
    await expectEnrolmentPage(page);
    await waitForHydration(page);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/enrolment-required-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    // Typed into the address bar: every staff page sends them back to enrol.
    for (const path of ["/admin/inbox", "/admin", "/blog/manage", "/admin/settings/password"]) {
      await page.goto(path);
      await expectEnrolmentPage(page);
    }

    // From the page's own scripts (same origin, their session cookie): refused as well.
    const refused = await page.evaluate(async () => {
      const data = await fetch("/admin/inbox.data");
      const api = await fetch("/api/blog", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "Under tvang", excerpt: "x", author: "x", content: "x" }),
      });
      return {
        data: { status: data.status, body: await data.text() },
        api: { status: api.status, body: await api.json() },
      };
    });
    // A `.data` request gets React Router's redirect (202) to enrolment, none of the inbox.
    expect(refused.data.status).toBe(202);
    expect(refused.data.body).toContain(ENROL);
    expect(refused.api.status).toBe(403);
    expect(refused.api.body).toMatchObject({ enrol: ENROL });

    // Enrols with an authenticator app: the password first (a fresh sign-in is not a
    // re-authentication), then the code the app would show for the key on the page.
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Totrinnsbekreftelse" }) });
    await section.getByLabel("Nåværende passord").fill(passwords.editor);
    await section.getByRole("button", { name: "Sett opp totrinnsbekreftelse" }).click();
    const secret = (await section.getByTestId("totp-secret").innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await section.getByLabel("Kode fra appen").fill(await totpCode(secret));
    await section.getByRole("button", { name: "Slå på" }).click();
    await expect(section.getByRole("status")).toContainText("Totrinnsbekreftelse er på.");
    await expect(section.getByTestId("recovery-codes")).toBeVisible();

    // Now the back office opens.
    await page.goto("/admin/inbox");
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(ENROLMENT_REQUIRED)).toHaveCount(0);
  } finally {
    await editor.context.close();
  }
});
