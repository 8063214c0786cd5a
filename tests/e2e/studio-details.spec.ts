import type { Browser, Page } from "@playwright/test";
import { STUDIO_MESSAGES } from "~/lib/studio/studio-forms";
import { expect, test } from "./support/fixtures";
import { watchPage } from "./support/diagnose";
import { uniqueAddress, waitForMail } from "./support/mailbox";
import { signInWithRequest, waitForHydration } from "./support/sign-in";

// The studio's details in one place (/admin/settings/studio, decision 045): staff change
// the street address and a visitor sees it at once in the footer and in the privacy
// policy, and the next e-mail has it; a save over a colleague's is refused without losing
// what was typed; a wrong organisation number is refused. These tests change what every
// visitor sees, so they run in the "site-changing" project (playwright.config.ts), and
// put the seed's address back whatever happens.
const SEED = { street: "Torggata 5", postalCode: "0181", city: "Oslo" };

function marker() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

async function openStudioForm(page: Page) {
  await page.goto("/admin/settings/studio");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Studioets detaljer" })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Lagre detaljene" }).click();
}

/** The seed's address again, on a fresh form (the current version). */
async function putSeedBack(page: Page) {
  await openStudioForm(page);
  await page.getByLabel("Gateadresse").fill(SEED.street);
  await page.getByLabel("Postnummer").fill(SEED.postalCode);
  await page.getByLabel("Sted", { exact: true }).fill(SEED.city);
  await save(page);
  await expect(page.getByRole("status")).toHaveText(/^(Lagret|Ingenting var endret)/);
}

/** A page as a visitor sees it: a context of its own, never signed in. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test("staff change the street address: the footer, /privacy and the next e-mail show it", async ({
  signedIn: page,
  browser,
  request,
}) => {
  const street = `Bryggen ${marker()}`;
  try {
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Endre studioets detaljer" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/studio$/);
    await waitForHydration(page);
    await page.getByLabel("Gateadresse").fill(street);
    await save(page);
    await expect(page.getByRole("status")).toContainText("Lagret (gateadresse)");
    await expect(page.getByText(/^Det nettstedet og e-postene sier om studioet.*Sist endret/)).toBeVisible();

    const visitor = await visitorPage(browser);
    try {
      // Pages cached before the change are cleared by the table's trigger: the next view is new.
      await visitor.page.goto("/about");
      await expect(visitor.page.locator("footer.site-footer address")).toHaveText(`${street}, 0181 Oslo`);
      await visitor.page.goto("/privacy");
      await expect(visitor.page.locator(".legal-body")).toContainText(
        `Fjord & Form AS (organisation number 923 456 783), ${street}, 0181 Oslo, Norway, is the controller`,
      );
    } finally {
      await visitor.close();
    }

    const email = uniqueAddress("studio-address");
    const response = await request.post("/api/contact", {
      data: { company: "Bryggen Bakeri", project: "A new website for our bakery.", email },
    });
    expect(response.status()).toBe(201);
    const receipt = await waitForMail({ kind: "contact-receipt", to: email });
    expect(receipt.text).toContain(`Fjord & Form AS · ${street}, 0181 Oslo · Org. no. 923 456 783`);
    expect(receipt.html).toContain(street);
  } finally {
    await putSeedBack(page);
  }
  const after = await visitorPage(browser);
  try {
    await after.page.goto("/about");
    await expect(after.page.locator("footer.site-footer address")).toHaveText("Torggata 5, 0181 Oslo");
  } finally {
    await after.close();
  }
});

test("a save over a colleague's newer one is refused, and what was typed stays", async ({ signedIn: page, browser }) => {
  const colleague = await browser.newContext();
  await signInWithRequest(colleague.request, "staff");
  const theirs = await colleague.newPage();
  try {
    // Both open the form; the colleague saves first.
    await openStudioForm(page);
    await openStudioForm(theirs);
    const street = `Kaigata ${marker()}`;
    await theirs.getByLabel("Gateadresse").fill(street);
    await save(theirs);
    await expect(theirs.getByRole("status")).toContainText("Lagret");

    await page.getByLabel("Sted", { exact: true }).fill("Bergen");
    await page.getByLabel("Postnummer").fill("5003");
    await save(page);
    await expect(page.getByRole("alert").first()).toContainText("lagret studioets detaljer etter at du åpnet siden");
    await expect(page.getByLabel("Sted", { exact: true })).toHaveValue("Bergen");
    await expect(page.getByLabel("Postnummer")).toHaveValue("5003");
    // Saving again is still refused: the form is still the old version.
    await save(page);
    await expect(page.getByRole("alert").first()).toContainText("lagret studioets detaljer etter at du åpnet siden");

    // Nothing of it reached the site: the colleague's address is the one shown.
    const visitor = await visitorPage(browser);
    try {
      await visitor.page.goto("/about");
      await expect(visitor.page.locator("footer.site-footer address")).toHaveText(`${street}, 0181 Oslo`);
    } finally {
      await visitor.close();
    }
  } finally {
    await colleague.close();
    await putSeedBack(page);
  }
});

test("a wrong organisation number is refused with a clear message and nothing is saved", async ({ signedIn: page }) => {
  // This step failed once in CI (the message never came) and never since: if it fails
  // again, the error says what the page went through.
  const { explain } = watchPage(page);
  await openStudioForm(page);
  const field = page.getByLabel("Organisasjonsnummer");
  await field.fill("923 456 784");
  await page.getByLabel("Gateadresse").fill(`Feilgata ${marker()}`);
  await save(page);
  await explain(() => expect(page.getByText(STUDIO_MESSAGES.organisationNumberCheck)).toBeVisible());
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("923 456 784");
  // Reloaded: the stored details are unchanged.
  await openStudioForm(page);
  await expect(page.getByLabel("Organisasjonsnummer")).toHaveValue("923 456 783");
  await expect(page.getByLabel("Gateadresse")).toHaveValue("Torggata 5");
});

test("without JavaScript, a refused save says so above the form and keeps what was typed", async ({ signedIn: page, browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const plain = await context.newPage();
    await plain.goto("/admin/settings/studio");
    await plain.getByLabel("Organisasjonsnummer").fill("923 456 784");
    const answer = plain.waitForResponse((response) => response.request().method() === "POST");
    await plain.getByRole("button", { name: "Lagre detaljene" }).click();
    expect((await answer).status()).toBe(400);
    await expect(plain.getByRole("alert").first()).toHaveText("Noe må rettes før detaljene kan lagres: se feltene under.");
    await expect(plain.getByText(STUDIO_MESSAGES.organisationNumberCheck)).toBeVisible();
    await expect(plain.getByLabel("Organisasjonsnummer")).toHaveValue("923 456 784");
    const shots = process.env.STUDIO_SHOTS_DIR; // for a person to look at
    for (const width of shots ? [375, 1440] : []) {
      await plain.setViewportSize({ width, height: 900 });
      expect(await plain.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await plain.screenshot({ path: `${shots}/admin-settings-studio-refused-${width}.png`, fullPage: true });
    }
  } finally {
    await context.close();
  }
});
