import { expect, test } from "@playwright/test";
import { signInWithForm, waitForHydration } from "./support/sign-in";

const seeded = [
  { slug: "open-application", title: "Open Application", type: "Full-time" },
  { slug: "part-time-animator", title: "Part-time Animator", type: "Part-time" },
  { slug: "accountant", title: "Accountant", type: "Part-time" },
];

test("/careers: one position open at a time, each with its full listing, and Get in touch", async ({ page }) => {
  await page.goto("/careers");
  const triggers = page.locator(".accordion-trigger");
  await expect(triggers.locator(".accordion-title")).toHaveText(seeded.map((job) => job.title));
  const panels = page.getByTestId("accordion-panel");
  await expect(panels.nth(0)).toBeVisible();
  await expect(panels.nth(1)).toBeHidden();
  await triggers.nth(1).hover();
  await expect(panels.nth(1)).toBeVisible();
  await expect(panels.nth(0)).toBeHidden();
  await triggers.nth(2).focus();
  await expect(panels.nth(2)).toBeVisible();
  await expect(panels.nth(2).getByRole("link", { name: /View full listing\s?: Accountant/ })).toHaveAttribute(
    "href",
    "/careers/accountant",
  );
  await expect(page.getByRole("link", { name: "Get in touch" }).last()).toHaveAttribute("href", "/contact");
});

for (const job of seeded) {
  test(`/careers/${job.slug} is a complete listing with JobPosting data`, async ({ page }) => {
    const response = await page.goto(`/careers/${job.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(job.title);
    await expect(page.locator(".job-facts")).toContainText("Oslo");
    await expect(page.locator(".job-facts")).toContainText(job.type);
    for (const heading of ["What you’ll do", "What you bring", "What we offer"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    expect(await page.locator(".job-section li").count()).toBeGreaterThanOrEqual(12);
    // A mailto: apply link is the site's own application form now (decision 057).
    await expect(page.getByRole("heading", { level: 2, name: `Apply for ${job.title}` })).toBeVisible();
    await expect(page.getByLabel("CV (PDF, at most 10 MB) *")).toHaveAttribute("type", "file");
    const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      title: job.title,
      employmentType: job.type === "Full-time" ? "FULL_TIME" : "PART_TIME",
      hiringOrganization: { name: "Fjord & Form AS" },
      jobLocation: { address: { addressLocality: "Oslo", addressCountry: "NO" } },
    });
    expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting.description.length).toBeGreaterThan(100);
  });
}

test("an unknown job is 'Job not found' with status 404", async ({ page }) => {
  const response = await page.goto("/careers/chief-vibes-officer");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Job not found");
});

test("the job form and list are refused without a session", async ({ page, request }) => {
  await page.goto("/careers/cms/new");
  await expect(page).toHaveURL("/");
  await page.goto("/job-cms");
  await expect(page).toHaveURL("/");
  const post = await request.post("/careers/cms/new", {
    form: { title: "Sneaky", location: "Oslo", description: "x", applyLink: "https://x.no" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect(post.headers()["location"]).toBe("/");
  await page.goto("/careers");
  await expect(page.getByText("Sneaky")).toHaveCount(0);
});

test("staff see a clear message for each rule of the form", async ({ page }) => {
  await signInWithForm(page, "staff");
  await page.goto("/careers/cms/new");
  await page.getByLabel("Tittel *").fill("");
  await page.getByLabel("Sted *").fill("");
  await page.getByLabel("Søknadslenke *").fill("jobs at fjordform");
  await page.getByRole("button", { name: "Lagre annonsen" }).click();
  await expect(page.getByText("Tittel er påkrevd")).toBeVisible();
  await expect(page.getByText("Sted er påkrevd")).toBeVisible();
  await expect(page.getByText("Beskrivelse er påkrevd")).toBeVisible();
  await expect(page.getByText("Søknadslenken må være en adresse som begynner med https:// eller mailto:")).toBeVisible();

  // A taken slug is refused too, and what was typed stays.
  await page.getByLabel("Tittel *").fill("Accountant");
  await page.getByLabel("Sted *").fill("Oslo");
  await page.getByLabel("Beskrivelse *").fill("Another accountant.");
  await page.getByLabel("Søknadslenke *").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Lagre annonsen" }).click();
  await expect(page.getByText("Søknadslenken må være en adresse som begynner med https:// eller mailto:")).toBeVisible();
  await page.getByLabel("Søknadslenke *").fill("https://jobs.fjordform.no/accountant");
  await page.getByRole("button", { name: "Lagre annonsen" }).click();
  await expect(page.getByText("Adressen /careers/accountant brukes allerede av en annen annonse")).toBeVisible();
  await expect(page.getByLabel("Beskrivelse *")).toHaveValue("Another accountant.");
});

test("a new listing appears on /careers and in the sitemap; unpublishing hides it; delete removes it", async ({
  page,
  request,
}) => {
  await signInWithForm(page, "staff");
  const title = `Frontend Developer ${Date.now()}`;
  await page.goto("/careers/cms/new");
  await page.getByLabel("Tittel *").fill(title);
  const slug = await page.getByLabel("Slug (adresse)").inputValue();
  expect(slug).toMatch(/^frontend-developer-\d+$/);
  await page.getByLabel("Sted *").fill("Oslo");
  await page.getByLabel("Type").selectOption("Contract");
  await page.getByLabel("Avdeling").fill("Development");
  await page.getByLabel("Beskrivelse *").fill("Build fast, accessible interfaces with React.");
  await page.getByLabel("Ansvarsområder punkt 1", { exact: true }).fill("Ship features");
  await page.getByRole("button", { name: "Legg til ansvarsområde" }).click();
  await page.getByLabel("Ansvarsområder punkt 2", { exact: true }).fill("Review code");
  await page.getByRole("button", { name: "Flytt ansvarsområder punkt 2 opp" }).click();
  await page.getByLabel("Krav punkt 1", { exact: true }).fill("React and TypeScript");
  await page.getByRole("button", { name: "Fjern fordeler punkt 1" }).click();
  await page.getByLabel("Søknadslenke *").fill("https://jobs.fjordform.no/frontend");
  await page.getByRole("button", { name: "Lagre annonsen" }).click();
  await expect(page).toHaveURL(/\/job-cms$/);
  await expect(page.locator(".auth-message")).toContainText(`Lagret /careers/${slug}`);

  await page.goto(`/careers/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".job-section").first().locator("li")).toHaveText(["Review code", "Ship features"]);
  await expect(page.getByRole("heading", { name: "What we offer" })).toHaveCount(0);
  await page.goto("/careers");
  await expect(page.locator(".accordion-title", { hasText: title })).toBeVisible();
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/careers/${slug}</loc>`);

  await page.goto("/job-cms");
  await waitForHydration(page); // Escape is the menu's one script
  // A row's actions sit behind "⋯ Handlinger" (a <details>): opened from the keyboard, closed with Escape.
  const menu = page.locator("details.row-menu").filter({ hasText: `Handlinger for ${title}` });
  const toggle = menu.locator("summary");
  await expect(page.getByRole("button", { name: `Skjul ${title}` })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open");
  await expect(toggle).toBeFocused();
  await toggle.click();
  await page.getByRole("button", { name: `Skjul ${title}` }).click();
  await expect(page.locator(".auth-message")).toContainText("er skjult fra /careers");
  expect((await page.goto(`/careers/${slug}`))?.status()).toBe(404);
  await page.goto("/careers");
  await expect(page.locator(".accordion-title", { hasText: title })).toHaveCount(0);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/careers/${slug}<`);

  await page.goto("/job-cms");
  await toggle.click();
  // Deleting is confirmed twice: the ticked box (without JavaScript too), then the browser's question.
  await page.getByRole("button", { name: `Slett ${title}` }).click();
  await expect(page.getByText("Kryss av i boksen for å bekrefte slettingen.")).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.getByLabel(`Bekreft sletting av ${title}`).check();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Slett ${title}` }).click();
  await expect(page.locator(".auth-message")).toContainText("Annonsen er slettet.");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("/job-cms: a request with an action the page does not have is refused with “Unknown action”, nothing changed", async ({
  page,
}) => {
  await signInWithForm(page, "staff");
  await page.goto("/job-cms");
  // The row's actions sit behind its "Handlinger" menu (a <details>, no script needed to open).
  const menu = page.locator("details.row-menu").filter({ hasText: "Handlinger for Accountant" });
  await menu.locator("summary").click();
  const button = page.getByRole("button", { name: "Skjul Accountant" });
  // Stands in for a hand-made request: the row's own form, with an intent no button sends.
  await button.evaluate((element) => element.setAttribute("value", "archive"));
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Unknown action");
  await page.goto("/job-cms");
  await expect(page.locator("tr", { hasText: "Accountant" }).getByText("Publisert", { exact: true })).toBeVisible();
});
