import { expect, type Page, test } from "@playwright/test";
import { findMails, header, linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { queuedMailTo } from "./support/outbox";
import { subscribeAndConfirm } from "./support/subscriber";

test.use({ viewport: { width: 1280, height: 800 } });

const SUCCESS = "Thanks for subscribing to our newsletter!";
const ALREADY = "You are already subscribed to our newsletter!";
const FAILURE = "Something went wrong. Please try again later.";

/** Any page but /contact has the footer form; it posts JSON once its script has taken it over. */
async function openFooterForm(page: Page, path = "/about") {
  await page.goto(path);
  // A wizard's React comes at the visitor's first move (decision 086); elsewhere it changes nothing.
  await page.mouse.move(1, 1);
  const form = page.locator("footer.site-footer form.newsletter-form");
  await expect(form).toHaveAttribute("data-enhanced", "");
  return {
    input: form.getByLabel("Get our newsletter"),
    button: form.getByRole("button"),
    message: form.getByRole("status"),
  };
}

const isSignUp = (url: string, method: string) => new URL(url).pathname === "/api/contact" && method === "POST";

test("sends the address trimmed and lowercased, thanks the visitor and empties the field", async ({ page }) => {
  const email = uniqueAddress("news-case");
  const { input, button, message } = await openFooterForm(page);
  await input.fill(`  ${email.replace("news-case", "News-CASE").replace("example.com", "Example.COM")}  `);
  const sent = page.waitForRequest((req) => isSignUp(req.url(), req.method()));
  await button.click();
  // The spec's two fields, and the form's proof of work (decision 062), found on the field's focus.
  expect((await sent).postDataJSON()).toMatchObject({ email, type: "newsletter", altcha: expect.any(String) });
  await expect(message).toHaveText(SUCCESS);
  await expect(input).toHaveValue("");
  await waitForMail({ kind: "newsletter-confirm", to: email });
});

// A quick visitor (autofill and Enter) can submit before the proof of work's own file has
// arrived: the submit waits for it and goes with the answer, not as an unverified sign-up.
// On a content page (the enhancement module) and on a framework page (React's footer form).
for (const path of ["/about", "/gdpr-checklist"]) {
  test(`on ${path} a sign-up sent before the proof of work's file arrives waits for it and carries the answer`, async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<void>((resolve) =>
      page.route(/\/assets\/pow-[\w-]+\.js$/, async (route) => {
        resolve();
        await held;
        await route.continue();
      }),
    );
    const email = uniqueAddress("news-early");
    const { input, button, message } = await openFooterForm(page, path);
    const sent = page.waitForRequest((req) => isSignUp(req.url(), req.method()));
    await input.fill(email); // the first focus asks for the file, which is held
    await asked;
    await button.click();
    release();
    expect((await sent).postDataJSON()).toMatchObject({ email, type: "newsletter", altcha: expect.any(String) });
    await expect(message).toHaveText(SUCCESS);
  });
}

test("an empty address is refused by the browser and nothing is sent", async ({ page }) => {
  const { input, button, message } = await openFooterForm(page, "/");
  const requests: string[] = [];
  page.on("request", (req) => {
    if (isSignUp(req.url(), req.method())) requests.push(req.url());
  });
  await expect(input).toHaveAttribute("required", "");
  // The browser's check runs inside the click: it fires "invalid" instead of "submit".
  await input.evaluate((el: HTMLInputElement) => {
    const w = window as unknown as { formEvents: string[] };
    w.formEvents = [];
    el.addEventListener("invalid", () => w.formEvents.push("invalid"));
    el.form!.addEventListener("submit", () => w.formEvents.push("submit"), { capture: true });
  });
  await button.click();
  expect(await input.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  // Two frames later anything the click set off has run; a request it made has been seen.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => (window as unknown as { formEvents: string[] }).formEvents)).toEqual(["invalid"]);
  expect(requests).toEqual([]);
  await expect(message).toHaveText("");
});

test("while subscribing the button and the field are disabled", async ({ page }) => {
  const email = uniqueAddress("news-slow");
  const { input, button, message } = await openFooterForm(page);
  // The request is held until the busy state has been seen, however long that takes.
  let answer = () => {};
  const seen = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/contact", async (route) => {
    await seen;
    await route.continue();
  });
  await input.fill(email);
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("Subscribing...");
  await expect(input).toBeDisabled();
  answer();
  await expect(message).toHaveText(SUCCESS);
  await expect(button).toBeEnabled();
  await expect(button).toHaveText("Subscribe");
});

test("a server failure says something went wrong and keeps the address", async ({ page }) => {
  const email = uniqueAddress("news-500");
  const { input, button, message } = await openFooterForm(page);
  await page.route("**/api/contact", (route) => route.fulfill({ status: 500, json: { error: "Boom" } }));
  await input.fill(email);
  await button.click();
  await expect(message).toHaveText(FAILURE);
  await expect(input).toHaveValue(email);
});

test("the message disappears after 5 seconds", async ({ page }) => {
  await page.clock.install();
  const { input, button, message } = await openFooterForm(page);
  // The page's clock stands still from here: only runFor moves it, however long the
  // server or the assertions take in real time.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await input.fill(uniqueAddress("news-clock"));
  await button.click();
  await expect(message).toHaveText(SUCCESS);
  await page.clock.runFor(4_000);
  await expect(message).toHaveText(SUCCESS);
  await page.clock.runFor(1_200);
  await expect(message).toHaveText("");
});

test("double opt-in: confirmation e-mail, confirm page, welcome e-mail, unsubscribe page", async ({ page }) => {
  const email = uniqueAddress("news-optin");
  const { input, button, message } = await openFooterForm(page, "/work");
  await input.fill(email);
  await button.click();
  await expect(message).toHaveText(SUCCESS);

  const confirm = await waitForMail({ kind: "newsletter-confirm", to: email });
  const listUnsubscribe = header(confirm, "List-Unsubscribe");
  expect(listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?token=[^>]+>$/);
  expect(header(confirm, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  // Opening the link alone (as a mail scanner would) does not subscribe anyone.
  const confirmUrl = linkIn(confirm, "/newsletter/confirm");
  await page.goto(confirmUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You’re subscribed.");

  const welcome = await waitForMail({ kind: "newsletter-welcome", to: email });
  expect(header(welcome, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribeUrl = linkIn(welcome, "/newsletter/unsubscribe");
  expect(header(welcome, "List-Unsubscribe")).toBe(`<${unsubscribeUrl}>`);

  // A used confirmation link is spent.
  await page.goto(confirmUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is no longer valid.");

  await page.goto(unsubscribeUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter?");
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You’re unsubscribed.");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You’re unsubscribed.");
});

test("signing up again with an active address says it is already subscribed, and sends nothing new", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueAddress("news-again");
  await subscribeAndConfirm(page, request, email);
  const { input, button, message } = await openFooterForm(page, "/blog");
  await input.fill(email);
  await button.click();
  await expect(message).toHaveText(ALREADY);
  // The answer has arrived, so whatever it queued is in the outbox: still the first two.
  const queued = await queuedMailTo(browser, email);
  expect(queued.map((mail) => mail.kind).sort()).toEqual([
    "Bekreft påmelding til nyhetsbrevet",
    "Velkommen til nyhetsbrevet",
  ]);
  expect(await findMails({ kind: "newsletter-confirm", to: email })).toHaveLength(1);
});

test("RFC 8058 one-click unsubscribe from the List-Unsubscribe header", async ({ page, request }) => {
  const email = uniqueAddress("news-oneclick");
  const welcome = await subscribeAndConfirm(page, request, email);
  const unsubscribeUrl = header(welcome, "List-Unsubscribe")!.replace(/^<|>$/g, "");

  const response = await request.post(unsubscribeUrl, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);

  await page.goto(unsubscribeUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You’re unsubscribed.");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

  // Coming back is a new double opt-in, not a silent re-activation.
  const { input, button, message } = await openFooterForm(page);
  await input.fill(email);
  await button.click();
  await expect(message).toHaveText(SUCCESS);
});

test("a bogus or missing confirmation token shows that the link is no longer valid", async ({ page }) => {
  await page.goto("/newsletter/confirm?token=not-a-real-token");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is no longer valid.");
  await expect(page.getByRole("button", { name: "Confirm my subscription" })).toHaveCount(0);
  await page.goto("/newsletter/confirm");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is no longer valid.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** The footer form of a page, as a visitor without JavaScript has it. */
  async function plainForm(page: Page, path: string) {
    await page.goto(path);
    const form = page.locator("footer.site-footer form.newsletter-form");
    return {
      input: form.getByLabel("Get our newsletter"),
      button: form.getByRole("button"),
      message: form.getByRole("status"),
    };
  }

  test("the footer form posts as a plain form and comes back to the page with the spec's messages", async ({
    page,
  }) => {
    const email = uniqueAddress("news-plain");
    let form = await plainForm(page, "/about");
    await form.input.fill(email.toUpperCase());
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/about");
    await form.button.click();
    await expect(page).toHaveURL(/\/about\?newsletter=subscribed#newsletter$/);
    await expect(form.message).toHaveText(SUCCESS);
    // The page with the outcome is this visitor's alone: never cached, no cookie.
    const headers = (await response).headers();
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["set-cookie"]).toBeUndefined();
    expect(await page.context().cookies()).toEqual([]);
    await waitForMail({ kind: "newsletter-confirm", to: email });
    const plainAbout = await (await page.request.get("/about")).text();
    expect(plainAbout).not.toContain(SUCCESS);

    // Signing up again while still pending: a new confirmation is not an "already".
    form = await plainForm(page, "/work");
    await form.input.fill(email);
    await form.button.click();
    await expect(page).toHaveURL(/\/work\?newsletter=subscribed#newsletter$/);
    await expect(form.message).toHaveText(SUCCESS);
  });

  test("an active subscriber hears they are already subscribed; an address the server refuses says something went wrong", async ({
    page,
    request,
  }) => {
    const email = uniqueAddress("news-plain-again");
    const confirmPage = await page.context().newPage();
    await subscribeAndConfirm(confirmPage, request, email);
    let form = await plainForm(page, "/blog");
    await form.input.fill(email);
    await form.button.click();
    await expect(page).toHaveURL(/\/blog\?newsletter=already#newsletter$/);
    await expect(form.message).toHaveText(ALREADY);

    // The browser accepts a@localhost as an e-mail address; the server does not.
    form = await plainForm(page, "/careers");
    await form.input.fill("someone@localhost");
    await form.button.click();
    await expect(page).toHaveURL(/\/careers\?newsletter=failed#newsletter$/);
    await expect(form.message).toHaveText(FAILURE);
    await expect(form.input).toBeVisible();
  });

  test("the form only ever sends the visitor back to a page of this site", async ({ request, browser }) => {
    for (const back of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await request.post("/newsletter/subscribe", {
        form: { email: "not an address", back },
        maxRedirects: 0,
      });
      expect(response.status(), back).toBe(303);
      expect(response.headers()["location"], back).toBe("/?newsletter=failed#newsletter");
    }
    const kept = await request.post("/newsletter/subscribe", {
      form: { email: "not an address", back: "/newsletter/confirm?token=abc&newsletter=subscribed" },
      maxRedirects: 0,
    });
    expect(kept.headers()["location"]).toBe("/newsletter/confirm?token=abc&newsletter=failed#newsletter");
    // A filled-in honeypot is told it worked, and nothing is stored.
    const botAddress = uniqueAddress("news-bot");
    const bot = await request.post("/newsletter/subscribe", {
      form: { email: botAddress, website: "https://spam.example", back: "/" },
      maxRedirects: 0,
    });
    expect(bot.headers()["location"]).toBe("/?newsletter=subscribed#newsletter");
    // The redirect has arrived, so anything it queued is in the outbox: nothing.
    expect(await queuedMailTo(browser, botAddress)).toEqual([]);
    expect(await findMails({ to: botAddress })).toEqual([]);
  });
});
