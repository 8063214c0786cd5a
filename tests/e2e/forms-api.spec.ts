import { type APIResponse, expect, test } from "@playwright/test";
import { gdprCategories } from "../../app/content/gdpr";
import { findMails, uniqueAddress, waitForMail } from "./support/mailbox";
import { queuedMail } from "./support/outbox";

// The server never trusts the browser: these go straight to the API, past the page's own checks.

function contact(overrides: Record<string, unknown> = {}) {
  return {
    company: "Fjellvann AS",
    project: "A booking system for our cabins.",
    email: uniqueAddress("api"),
    ...overrides,
  };
}

/** Every refusal is JSON with a readable `error` string (and, when given, exactly that text). */
async function expectError(response: APIResponse, status: number, message?: string | RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const body = await response.json();
  expect(typeof body.error).toBe("string");
  expect(body.error.length).toBeGreaterThan(0);
  if (message !== undefined)
    expect(body.error).toMatch(typeof message === "string" ? new RegExp(`^${escapeRegExp(message)}$`) : message);
  return body.error as string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("POST /api/contact", () => {
  test("a valid request is stored and answered with 201 and success", async ({ request }) => {
    const body = contact();
    const response = await request.post("/api/contact", { data: body });
    expect(response.status()).toBe(201);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ success: true });
    await waitForMail({ kind: "contact-receipt", to: body.email });
  });

  for (const field of ["company", "project", "email"] as const) {
    test(`an empty ${field} is a 400 asking to fill it in`, async ({ request }) => {
      await expectError(
        await request.post("/api/contact", { data: contact({ [field]: "" }) }),
        400,
        `Please fill in the ${field} field`,
      );
      await expectError(
        await request.post("/api/contact", { data: contact({ [field]: "  \n " }) }),
        400,
        `Please fill in the ${field} field`,
      );
      const { [field]: _missing, ...without } = contact();
      expect((await request.post("/api/contact", { data: without })).status()).toBe(400);
    });
  }

  test("a malformed e-mail address is a 400", async ({ request }) => {
    for (const email of ["not-an-email", "name@company", "a b@c.no", "@example.com"]) {
      await expectError(
        await request.post("/api/contact", { data: contact({ email }) }),
        400,
        "Please enter a valid email address",
      );
    }
  });

  test("line breaks that could inject mail headers are refused", async ({ request }) => {
    await expectError(
      await request.post("/api/contact", { data: contact({ company: "Acme\r\nBcc: x@evil.example" }) }),
      400,
    );
    await expectError(await request.post("/api/contact", { data: contact({ email: "a@b.co\r\nBcc: x@y.z" }) }), 400);
  });

  test("oversized fields and bodies are refused", async ({ request }) => {
    await expectError(await request.post("/api/contact", { data: contact({ project: "x".repeat(5001) }) }), 400);
    await expectError(await request.post("/api/contact", { data: contact({ company: "x".repeat(201) }) }), 400);
    const ok = await request.post("/api/contact", { data: contact({ project: "x".repeat(5000) }) });
    expect(ok.status()).toBe(201);
    await expectError(await request.post("/api/contact", { data: contact({ project: "x".repeat(17 * 1024) }) }), 413);
  });

  test("fields that are not text are refused", async ({ request }) => {
    for (const company of [42, { name: "Acme" }, ["Acme"], true]) {
      await expectError(await request.post("/api/contact", { data: contact({ company }) }), 400);
    }
    await expectError(await request.post("/api/contact", { data: contact({ email: 7 }) }), 400);
  });

  test("only a JSON object is accepted, and only by POST", async ({ request }) => {
    await expectError(await request.post("/api/contact", { form: contact() as Record<string, string> }), 415);
    const raw = (data: string) =>
      request.post("/api/contact", { headers: { "Content-Type": "application/json" }, data });
    await expectError(await raw('{"company": "Acme", '), 400);
    await expectError(await raw("[1, 2, 3]"), 400);
    await expectError(await raw("null"), 400);
    const get = await request.get("/api/contact");
    await expectError(get, 405);
    expect(get.headers()["allow"]).toBe("POST");
  });

  test("the honeypot: a filled-in website field gets a quiet success and no e-mail", async ({ request, browser }) => {
    const body = contact({ website: "http://spam", company: `Honeypot ${uniqueAddress("co").split("@")[0]}` });
    const response = await request.post("/api/contact", { data: body });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    const bot = uniqueAddress("api-bot-news");
    const news = await request.post("/api/contact", {
      data: { email: bot, type: "newsletter", website: "http://spam" },
    });
    expect(news.status()).toBe(200);

    // Both answers have arrived, so whatever they queued is in the outbox: nothing.
    // (The studio's notification names the company in its subject.)
    const queued = await queuedMail(
      browser,
      (mail) => mail.to === body.email || mail.to === bot || mail.subject.includes(body.company),
    );
    expect(queued).toEqual([]);
    expect(await findMails({ to: body.email })).toEqual([]);
    expect(await findMails({ to: "hello@fjordform.no", text: body.email })).toEqual([]);
    expect(await findMails({ to: bot })).toEqual([]);
  });

  test("the newsletter sign-up checks the address too", async ({ request }) => {
    await expectError(
      await request.post("/api/contact", { data: { email: "", type: "newsletter" } }),
      400,
      "Please fill in the email field",
    );
    await expectError(
      await request.post("/api/contact", { data: { email: "nope", type: "newsletter" } }),
      400,
      "Please enter a valid email address",
    );
    const email = uniqueAddress("api-news");
    const ok = await request.post("/api/contact", { data: { email, type: "newsletter" } });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ success: true, alreadySubscribed: false });
  });
});

test.describe("POST /api/gdpr-results", () => {
  function payload(email: string, skip?: string) {
    return {
      email,
      subscribeNewsletter: false,
      categories: gdprCategories.map((category) => ({
        id: category.id,
        title: category.title,
        items: category.questions
          .filter((q) => q.id !== skip)
          .map((q, i) => ({ id: q.id, text: q.text, answer: i === 0 ? "no" : "yes" })),
      })),
    };
  }

  test("every answer given: 201, and the report is e-mailed", async ({ request }) => {
    const email = uniqueAddress("api-gdpr");
    const response = await request.post("/api/gdpr-results", { data: payload(email) });
    expect(response.status()).toBe(201);
    // One "no" per area: 13 of 23.
    expect(await response.json()).toEqual({ success: true, scorePercent: 57, newsletter: null });
    const report = await waitForMail({ kind: "gdpr-report", to: email });
    expect(report.text).toContain("Overall score: 57% (13 of 23 in place)");
  });

  test("a missing answer, a bad e-mail or a bad answer is a 400", async ({ request, browser }) => {
    const email = uniqueAddress("api-gdpr-bad");
    await expectError(await request.post("/api/gdpr-results", { data: payload(email, "breach-plan") }), 400);
    await expectError(
      await request.post("/api/gdpr-results", { data: payload("not-an-email") }),
      400,
      "Please enter a valid email address",
    );
    const maybe = payload(email);
    maybe.categories[0]!.items[0]!.answer = "maybe";
    await expectError(await request.post("/api/gdpr-results", { data: maybe }), 400);
    await expectError(await request.post("/api/gdpr-results", { form: { email } }), 415);
    await expectError(await request.get("/api/gdpr-results"), 405);
    // Every answer has arrived, so whatever they queued is in the outbox: nothing (the
    // studio's notification names the address in its subject).
    expect(await queuedMail(browser, (mail) => mail.to === email || mail.subject.includes(email))).toEqual([]);
    expect(await findMails({ to: email })).toEqual([]);
    expect(await findMails({ to: "hello@fjordform.no", text: email }), "no lead, so no notification").toEqual([]);
  });
});
