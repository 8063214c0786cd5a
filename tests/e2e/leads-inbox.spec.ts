import type { APIRequestContext, Page } from "@playwright/test";
import { gdprCategories } from "../../app/content/gdpr";
import { expect, test } from "./support/fixtures";
import { linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { waitForHydration } from "./support/sign-in";

// The leads inbox with real data sent through the public form endpoints, as a visitor's
// browser sends it. Other tests add leads meanwhile, so each test finds its own by a
// search for a marker no other test uses.
test.use({ viewport: { width: 1280, height: 900 } });

function marker() {
  return `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function sendContact(request: APIRequestContext, body: { company: string; project: string; email: string }) {
  const response = await request.post("/api/contact", { data: body });
  expect(response.status()).toBe(201);
}

/** Every question answered, "no" for the ids given. */
async function sendGdpr(request: APIRequestContext, email: string, noIds: string[]) {
  const categories = gdprCategories.map((category) => ({
    id: category.id,
    title: category.title,
    items: category.questions.map((q) => ({ id: q.id, text: q.text, answer: noIds.includes(q.id) ? "no" : "yes" })),
  }));
  const response = await request.post("/api/gdpr-results", { data: { email, subscribeNewsletter: false, categories } });
  expect(response.status()).toBe(201);
}

async function search(page: Page, q: string) {
  await page.goto(`/admin/inbox?q=${encodeURIComponent(q)}`);
  return page.locator(".inbox-table tbody tr");
}

async function unreadInNav(page: Page) {
  const link = page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Innboks", exact: true });
  const described = await link.getAttribute("aria-describedby");
  if (!described) return 0;
  const text = await page.locator(`#${described}`).innerText();
  expect(text).toMatch(/^\d+\s+uleste$/);
  return Number(text.replace(/\D/g, ""));
}

test("a contact request: unread in the list, read once opened, through the pipeline, a note, its e-mails, Svar", async ({
  signedIn: page,
  request,
}) => {
  const m = marker();
  const email = uniqueAddress("lead");
  const company = `Fjellgården Ølbryggeri ${m}`;
  await sendContact(request, { company, project: "Vi trenger en nettbutikk,\nmed levering i hele landet.", email });

  const rows = await search(page, m);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("cell")).toHaveText([/^Ulest\s*Ikke verifisert\s*Fjellgården Ølbryggeri/, "Kontaktskjema", /\d{4} kl\. \d\d:\d\d$/, "Ny"]);
  expect(await unreadInNav(page), "the nav counts this lead").toBeGreaterThanOrEqual(1);
  await page.goto("/admin");
  await expect(page.getByTestId("unread-leads")).toHaveText(/^(\d[\d\s\u00a0]*) ulest(e)? henvendelse(r)? i innboksen$/);

  await (await search(page, m)).getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company);
  const sent = page.getByRole("region", { name: "Det avsenderen sendte" });
  await expect(sent).toContainText(email);
  await expect(sent.locator(".lead-message")).toHaveText("Vi trenger en nettbutikk,\nmed levering i hele landet.");
  await expect(page.getByRole("link", { name: "Svar" })).toHaveAttribute(
    "href",
    `mailto:${email}?subject=${encodeURIComponent("Re: your enquiry to Fjord & Form")}`,
  );

  // The e-mails the system sent about it, with their delivery state from the outbox.
  await waitForMail({ kind: "contact-receipt", to: email });
  await page.reload();
  const mails = page.getByRole("region", { name: "E-poster om henvendelsen" }).locator("tbody tr");
  await expect(mails).toHaveCount(2);
  await expect(mails.filter({ hasText: "Kvittering til avsenderen" })).toContainText(email);
  await expect(mails.filter({ hasText: "Kvittering til avsenderen" })).toContainText("Levert");
  await expect(mails.filter({ hasText: "Varsel til studioet" })).toContainText(`New enquiry: ${company}`);

  // Opened: no longer unread in the list.
  await expect((await search(page, m)).getByText("Ulest")).toHaveCount(0);
  await (await search(page, m)).getByRole("link", { name: company }).click();
  await waitForHydration(page);

  // The pipeline, each change confirmed.
  for (const [status, label] of [
    ["contacted", "Kontaktet"],
    ["offer_sent", "Tilbud sendt"],
    ["won", "Vunnet"],
  ] as const) {
    await page.getByLabel("Status", { exact: true }).selectOption(status);
    await page.getByRole("button", { name: "Lagre status" }).click();
    await expect(page.getByRole("status")).toHaveText(`Status endret til «${label}».`);
  }
  await page.goto(`/admin/inbox?status=won&q=${m}`);
  await expect(page.locator(".inbox-table tbody tr")).toHaveCount(1);
  await page.goto(`/admin/inbox?status=new&q=${m}`);
  await expect(page.getByText("Ingen henvendelser passer filteret.")).toBeVisible();

  // A note: an empty one is refused in the browser, a real one is kept with author and time.
  await (await search(page, m)).getByRole("link", { name: company }).click();
  await waitForHydration(page);
  const notes = page.getByRole("region", { name: "Interne notater" });
  await notes.getByRole("button", { name: "Lagre notat" }).click();
  await expect(notes.getByRole("alert")).toHaveText("Skriv et notat.");
  await notes.getByLabel("Nytt notat (bare for staben)").fill("Ringte daglig leder – ønsker tilbud på æøå-støtte.");
  await notes.getByRole("button", { name: "Lagre notat" }).click();
  await expect(notes.getByRole("status")).toHaveText("Notatet er lagret.");
  await expect(notes.locator(".lead-notes li")).toHaveCount(1);
  await expect(notes.locator(".lead-note-meta")).toHaveText(/^Staff Tester, \d{1,2}\. \S+ \d{4} kl\. \d\d:\d\d$/);
  await expect(notes.getByLabel("Nytt notat (bare for staben)")).toHaveValue("");
  await page.reload();
  await expect(notes.locator(".lead-message")).toHaveText("Ringte daglig leder – ønsker tilbud på æøå-støtte.");
});

test("the studio's e-mail about a contact request links to it: the link opens the lead", async ({
  signedIn: page,
  request,
}) => {
  const m = marker();
  const email = uniqueAddress("lead-link");
  const company = `Lenkegården ${m}`;
  await sendContact(request, { company, project: "Fra e-posten rett til innboksen.", email });
  const notification = await waitForMail({ kind: "contact-notification", to: "hello@fjordform.no", text: email });
  const link = linkIn(notification, "/admin/inbox/");
  expect(notification.text).toContain(`Åpne henvendelsen i innboksen ${link}`);
  expect(notification.html).toContain(`href="${link}"`);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company);
  await expect(page.getByRole("region", { name: "Det avsenderen sendte" })).toContainText(email);
});

test("a GDPR submission shows its score per area and every answer", async ({ signedIn: page, request }) => {
  const email = uniqueAddress("lead-gdpr");
  await sendGdpr(request, email, ["audit-inventory", "audit-minimisation", "notice-published"]);
  await page.goto(`/admin/inbox?type=gdpr&q=${encodeURIComponent(email)}`);
  const rows = page.locator(".inbox-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("cell").nth(1)).toHaveText("GDPR-sjekkliste");
  await rows.getByRole("link", { name: email }).click();
  const sent = page.getByRole("region", { name: "Det avsenderen sendte" });
  await expect(sent).toContainText("Poengsum: 87 % (20 av 23 ja)");
  await expect(sent.getByRole("heading", { level: 3 })).toHaveCount(gdprCategories.length);
  await expect(sent.getByRole("heading", { name: "Data Audit and Mapping: 0 % (0 av 2)" })).toBeVisible();
  await expect(sent.locator(".lead-answers li")).toHaveCount(23);
  await expect(sent.locator(".lead-answers li").first()).toHaveText(/^Nei\s*Do you keep an up-to-date inventory/);
  await expect(page.getByRole("link", { name: "Svar" })).toHaveAttribute("href", new RegExp(`^mailto:${email.replace(/[.+]/g, "\\$&")}\\?subject=`));

  // The e-mails about it: the report to the visitor and the studio's notification.
  await waitForMail({ kind: "gdpr-report", to: email });
  await waitForMail({ kind: "gdpr-notification", to: "hello@fjordform.no", text: email });
  await page.reload();
  const mails = page.getByRole("region", { name: "E-poster om henvendelsen" }).locator("tbody tr");
  await expect(mails).toHaveCount(2);
  await expect(mails.filter({ hasText: "GDPR-rapport til avsenderen" })).toContainText(email);
  await expect(mails.filter({ hasText: "GDPR-varsel til studioet" })).toContainText(
    `New GDPR checklist: ${email} (87 %)`,
  );
});

test("the studio's e-mail about a GDPR checklist links to it: the link opens the lead", async ({
  signedIn: page,
  request,
}) => {
  const email = uniqueAddress("lead-gdpr-link");
  await sendGdpr(request, email, ["breach-plan"]);
  const notification = await waitForMail({ kind: "gdpr-notification", to: "hello@fjordform.no", text: email });
  const link = linkIn(notification, "/admin/inbox/");
  expect(notification.text).toContain(`Åpne henvendelsen i innboksen ${link}`);
  expect(notification.html).toContain(`href="${link}"`);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(email);
  await expect(page.getByRole("region", { name: "Det avsenderen sendte" })).toContainText(
    "Poengsum: 96 % (22 av 23 ja)",
  );
});

test("exports the filtered list as CSV for Excel, then erases a lead with its e-mails", async ({ signedIn: page, request }) => {
  const m = marker();
  const email = uniqueAddress("lead-erase");
  const company = `Blåbærgården ${m}`;
  await sendContact(request, { company, project: `=HYPERLINK("http://evil.example","klikk") ${m}`, email });
  await sendGdpr(request, uniqueAddress(`lead-csv-${m}`), []);

  await page.goto(`/admin/inbox?type=contact&q=${m}`);
  const exportLink = page.getByRole("link", { name: "Eksporter CSV" });
  await expect(exportLink).toHaveAttribute("href", `/admin/inbox/export.csv?type=contact&q=${m}`);
  const response = await page.request.get((await exportLink.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="henvendelser-\d{4}-\d\d-\d\d\.csv"$/);
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe('"Mottatt (Oslo)";"Type";"Status";"Ulest";"Firma";"E-post";"Melding";"GDPR-poengsum (%)"');
  expect(lines, "only the filtered contact request, not the GDPR submission").toHaveLength(2);
  const cells = lines[1]!.split(";");
  expect(cells.slice(1, 6)).toEqual(['"Kontaktskjema"', '"Ny"', '"ja"', `"${company}"`, `"${email}"`]);
  expect(cells[6], "a formula is text, not a formula").toBe(`"'=HYPERLINK(""http://evil.example"",""klikk"") ${m}"`);

  // Erasure: confirmed twice (a box to tick, then the browser's dialog); cancelling keeps it.
  await page.getByRole("link", { name: company }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\/[0-9a-f-]{36}$/);
  const leadUrl = page.url();
  await waitForHydration(page);
  const erase = page.getByRole("region", { name: "Slett på forespørsel" });
  await erase.getByRole("button", { name: "Slett henvendelsen" }).click();
  await expect(erase.getByRole("alert")).toHaveText("Kryss av for å bekrefte slettingen.");
  await erase.getByLabel(/Personen har bedt om sletting/).check();
  page.once("dialog", (dialog) => void dialog.dismiss());
  await erase.getByRole("button", { name: "Slett henvendelsen" }).click();
  await expect(page).toHaveURL(leadUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company);

  await waitForMail({ kind: "contact-receipt", to: email });
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(company);
    void dialog.accept();
  });
  await erase.getByRole("button", { name: "Slett henvendelsen" }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page.getByRole("status")).toHaveText("Henvendelsen er slettet, med notater og e-poster.");
  await expect(await search(page, m)).toHaveCount(1); // only the GDPR submission is left
  await expect(page.locator(".inbox-table")).not.toContainText(company);
  expect((await page.request.get(leadUrl)).status()).toBe(404);
  const csv = await (await page.request.get(`/admin/inbox/export.csv?q=${encodeURIComponent(email)}`)).text();
  expect(csv.trimEnd().split("\r\n"), "nothing left to export either").toHaveLength(1);
});

test("signed out, the inbox, a lead and the export redirect home", async ({ request }) => {
  for (const path of ["/admin/inbox", "/admin/inbox/export.csv", "/admin/inbox/00000000-0000-4000-8000-000000000000"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/");
  }
});
