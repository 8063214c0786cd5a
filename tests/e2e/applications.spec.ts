import type { Browser, Page } from "@playwright/test";
import { plainPdf, pngNamedPdf } from "../support/pdf-fixtures";
import { expect, test } from "./support/fixtures";
import { uniqueAddress, waitForMail } from "./support/mailbox";

// Job applications (issue 29, decision 057): a visitor applies on a listing with and
// without JavaScript, and staff take one through the back office: read it, open the CV,
// move it through the pipeline, add a note, send the rejection (which arrives), erase it;
// and edit a stored answer template that the next reply starts from (decision 064).
const JOB = "/careers/open-application";
const cv = (buffer: Buffer, name = "Ola CV.pdf") => ({ name, mimeType: "application/pdf", buffer });

async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { page: await context.newPage(), close: () => context.close() };
}

async function fillApplication(page: Page, name: string, email: string) {
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("E-mail *").fill(email);
  await page.getByLabel("Phone (optional)").fill("+47 912 34 567");
  await page.getByLabel("Portfolio or LinkedIn (optional)").fill("https://portfolio.example.no");
  await page.getByLabel("A short letter *").fill("Hei!\nJeg lager animasjon og vil gjerne jobbe hos dere.");
  await page.getByLabel(/^I agree that Fjord & Form keeps my application and CV/).check();
}

test("without JavaScript: the plain form is answered by the server, a refused CV keeps what was typed, then the receipt arrives", async ({
  browser,
}) => {
  const { page, close } = await visitor(browser, false);
  try {
    const email = uniqueAddress("apply-nojs");
    await page.goto(JOB);
    // The consent names how long the application is kept.
    await expect(page.locator(".apply-consent")).toContainText("for 6 months after I apply");
    await fillApplication(page, "Kari Uten Skript", email);
    await page.locator("input[name=cv]").setInputFiles(cv(pngNamedPdf, "cv.pdf"));
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByRole("alert")).toContainText("Please correct the fields marked below");
    await expect(page.locator("[data-error-for=cv]")).toHaveText(/This file is not a PDF/);
    await expect(page.getByLabel("Name *")).toHaveValue("Kari Uten Skript");
    await expect(page.getByLabel("A short letter *")).toHaveValue(/Jeg lager animasjon/);

    await page.locator("input[name=cv]").setInputFiles(cv(plainPdf));
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByRole("heading", { name: "Application sent" })).toBeVisible();
    await expect(page.locator(".apply-done")).toHaveText(/We have received your application/);

    const receipt = await waitForMail({ to: email, kind: "application-receipt" });
    expect(receipt.text).toContain("Open Application");
    expect(receipt.text).toMatch(/until \d{1,2} \w+ \d{4}/);
  } finally {
    await close();
  }
});

test("with JavaScript: a wrong file is caught before it is sent, the form goes without leaving the page, and the thanks takes focus", async ({
  browser,
}) => {
  const { page, close } = await visitor(browser, true);
  try {
    const email = uniqueAddress("apply-js");
    await page.goto(JOB);
    await expect(page.locator("form.apply-form")).toHaveAttribute("data-enhanced", ""); // its script (loaded after the page) has taken it over
    await fillApplication(page, "Kari Med Skript", email);
    const file = page.locator("input[name=cv]");
    await file.setInputFiles(cv(pngNamedPdf, "photo.pdf"));
    // Said at once, before anything is sent: the browser's own validation holds the form back.
    const validation = () => file.evaluate((input: HTMLInputElement) => input.validationMessage);
    await expect.poll(validation).toMatch(/This file is not a PDF/);
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByRole("heading", { name: "Application sent" })).toHaveCount(0);

    await file.setInputFiles(cv(plainPdf));
    await expect.poll(validation).toBe("");
    await page.getByRole("button", { name: "Send application" }).click();
    const heading = page.getByRole("heading", { name: "Application sent" });
    await expect(heading).toBeFocused();
    // The page itself did not change: the answer replaced the form in place.
    await expect(page).toHaveURL(new RegExp(`${JOB}$`));
    await waitForMail({ to: email, kind: "application-receipt" });
  } finally {
    await close();
  }
});

test("staff read an application, open its CV, move it through the pipeline, note it, send the rejection and erase it", async ({
  signedIn: page,
  browser,
}) => {
  const email = uniqueAddress("candidate");
  const name = `Ola Søker ${Date.now().toString(36)}`;
  const { page: visitorPage, close } = await visitor(browser, false);
  try {
    await visitorPage.goto(JOB);
    await fillApplication(visitorPage, name, email);
    await visitorPage.locator("input[name=cv]").setInputFiles(cv(plainPdf));
    await visitorPage.getByRole("button", { name: "Send application" }).click();
    await expect(visitorPage.getByRole("heading", { name: "Application sent" })).toBeVisible();
  } finally {
    await close();
  }
  // The studio is told, with a link to the application and no attachment.
  const notification = await waitForMail({ to: "jobs@fjordform.no", kind: "application-notification", text: name });
  expect(notification.attachments).toHaveLength(0);

  await page.goto("/admin/applications");
  const row = page.locator(".inbox-table tbody tr", { hasText: name });
  await expect(row).toContainText("Ulest");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator(".lead-message").first()).toContainText("Jeg lager animasjon");

  // The CV, through the app, as a PDF shown in the browser.
  const cvHref = await page.getByRole("link", { name: "Åpne CV" }).getAttribute("href");
  const opened = await page.request.get(cvHref!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  expect(opened.headers()["content-disposition"]).toMatch(/^inline; filename="Ola CV\.pdf"/);
  expect((await opened.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByLabel("Status").selectOption({ label: "Intervju" });
  await page.getByRole("button", { name: "Lagre status" }).click();
  await expect(page.getByText("Status endret til «Intervju».")).toBeVisible();

  await page.getByLabel("Nytt notat (bare for staben)").fill("Sterk portefølje, men vi ansetter en annen.");
  await page.getByRole("button", { name: "Lagre notat" }).click();
  await expect(page.locator(".lead-notes")).toContainText("Sterk portefølje");

  await page.getByRole("link", { name: "Avslag (engelsk)" }).click();
  await expect(page.getByLabel("Emne")).toHaveValue("Your application – Open Application");
  await page
    .getByLabel(`Svar til ${email}`)
    .fill((await page.getByLabel(`Svar til ${email}`).inputValue()).replace("Best of luck!", "All the best!"));
  await page.getByLabel("Send dette svaret til søkeren nå").check();
  await page.getByRole("button", { name: "Send svar" }).click();
  await expect(page.getByText("Svaret «Avslag» er lagt i utboksen")).toBeVisible();
  const rejection = await waitForMail({ to: email, kind: "application-reply-rejection" });
  expect(rejection.subject).toBe("Your application – Open Application");
  expect(rejection.text).toContain("All the best!");

  const address = page.url();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByLabel("Jeg vil slette søknaden, CV-en og alt om den for godt").check();
  await page.getByRole("button", { name: "Slett", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByText("Søknaden er slettet, med CV, notater, svar og e-poster.")).toBeVisible();
  expect((await page.request.get(address)).status()).toBe(404);
  expect((await page.request.get(cvHref!)).status()).toBe(404);
});

test("staff edit a stored answer template (Svarmaler), and the reply sent from an application says the edited text", async ({
  signedIn: page,
  browser,
}) => {
  const email = uniqueAddress("template");
  const name = `Ola Mal ${Date.now().toString(36)}`;
  const marker = `m${Date.now().toString(36)}`;
  const { page: visitorPage, close } = await visitor(browser, false);
  try {
    await visitorPage.goto(JOB);
    await fillApplication(visitorPage, name, email);
    await visitorPage.locator("input[name=cv]").setInputFiles(cv(plainPdf));
    await visitorPage.getByRole("button", { name: "Send application" }).click();
    await expect(visitorPage.getByRole("heading", { name: "Application sent" })).toBeVisible();
  } finally {
    await close();
  }

  // The template, once for every reply after: confirmed by the box and the browser's question.
  await page.goto("/admin/applications");
  await page.getByRole("link", { name: "Svarmaler" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Svarmaler" })).toBeVisible();
  await page.getByRole("link", { name: "Invitasjon til intervju (norsk)" }).click();
  await expect(page.getByLabel("Emne")).toHaveValue("Invitasjon til intervju – {job}");
  await page.getByLabel("Emne").fill(`Intervju hos {studio}: {job} ${marker}`);
  await page.getByLabel("Tekst", { exact: true }).fill(`Hei {firstName}!\n\nVelkommen til intervju om {job} (${marker}).\n\nHilsen {studio}`);
  await page.getByRole("button", { name: "Lagre malen" }).click();
  await expect(page.getByText("Kryss av for å bekrefte at malen skal lagres.")).toBeVisible();
  await page.getByLabel("Nye svar med denne malen skal bruke teksten over").check();
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Lagre malen" }).click();
  await expect(page).toHaveURL(/\/admin\/applications\/templates$/);
  await expect(page.getByText(/Malen «Invitasjon til intervju \(norsk\)» er lagret \(versjon \d+\)/)).toBeVisible();
  expect(question).toBe("Lagre malen «Invitasjon til intervju (norsk)» for alle nye svar?");
  await expect(page.locator("tr", { hasText: "Invitasjon til intervju (norsk)" })).toContainText(marker);

  // "Svar" on an application starts from the stored text, filled in for this candidate.
  await page.goto("/admin/applications");
  await page.locator(".inbox-table tbody tr", { hasText: name }).getByRole("link", { name }).click();
  await page.getByRole("link", { name: "Invitasjon til intervju (norsk)" }).click();
  await expect(page.getByLabel("Emne")).toHaveValue(`Intervju hos Fjord & Form: Open Application ${marker}`);
  await expect(page.getByLabel(`Svar til ${email}`)).toHaveValue(/^Hei Ola!\n\nVelkommen til intervju om Open Application/);
  await page.getByLabel("Send dette svaret til søkeren nå").check();
  await page.getByRole("button", { name: "Send svar" }).click();
  await expect(page.getByText("Svaret «Invitasjon til intervju» er lagt i utboksen")).toBeVisible();
  const invitation = await waitForMail({ to: email, kind: "application-reply-interview" });
  expect(invitation.subject).toBe(`Intervju hos Fjord & Form: Open Application ${marker}`);
  expect(invitation.text).toContain(`Velkommen til intervju om Open Application (${marker}).`);

  // The access request's one file: a zip, saved by the browser.
  const exported = await page.request.get(
    (await page.getByRole("link", { name: "Eksporter alt (innsyn)" }).getAttribute("href"))!,
  );
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toBe("application/zip");
  expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="soknad-[0-9a-f-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect((await exported.body()).subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
});
