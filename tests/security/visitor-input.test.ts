import { describe, expect, it } from "vitest";
import { productionServerForThisFile } from "./helpers";

// Issue 12, findings 7 and 8 against the real server: control characters in paths,
// tokens and e-mail addresses are refused (400/404) before any query, and only plain
// e-mail addresses are accepted by any form.

const server = productionServerForThisFile();
const INVALID_EMAIL = "Please enter a valid email address";
const LOGIN_INVALID = "Invalid email or password. Please check your credentials and try again.";

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
const postJson = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("a NUL byte (finding 7)", () => {
  it("in a blog or careers path is a 404", async () => {
    for (const path of ["/blog/%00", "/blog/post%00name", "/careers/%00", "/careers/open-application%00"]) {
      const response = await get(path);
      await response.body?.cancel();
      expect(response.status, path).toBe(404);
    }
  });

  it("in a query (the sign-in debug panel, unsubscribe and confirm links) is a 400", async () => {
    for (const path of [
      "/login/status?email=%00",
      "/newsletter/unsubscribe?token=%00",
      "/newsletter/confirm?token=a%00b",
    ]) {
      const response = await get(path);
      await response.body?.cancel();
      expect(response.status, path).toBe(400);
    }
  });

  it("in an unsubscribe or confirm token sent as a form is a 400", async () => {
    for (const path of ["/newsletter/unsubscribe", "/newsletter/confirm"]) {
      const response = await postForm(path, { token: "\u0000" });
      await response.body?.cancel();
      expect(response.status, path).toBe(400);
    }
  });

  it("in the newsletter, contact and GDPR e-mail is the spec's 400", async () => {
    const email = "kari\u0000@example.no";
    const newsletter = await postJson("/api/contact", { type: "newsletter", email });
    expect([newsletter.status, await newsletter.json()]).toEqual([400, { error: INVALID_EMAIL }]);
    const contact = await postJson("/api/contact", { company: "Fjord AS", project: "A site", email });
    expect(contact.status).toBe(400);
    expect((await contact.json()).error).toMatch(/^The email field contains characters|^Please enter a valid email/);
    const gdpr = await postJson("/api/gdpr-results", { email, subscribeNewsletter: false, categories: [] });
    expect([gdpr.status, await gdpr.json()]).toEqual([400, { error: INVALID_EMAIL }]);
  });

  it("in the sign-in e-mail is a 400 with the usual sign-in message", async () => {
    const response = await postForm("/login", { email: "kari\u0000@example.no", password: "not the password 1" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(LOGIN_INVALID);
  });

  it("never reaches the database: no error, and no parameter value, in the server's log", () => {
    const output = server.output();
    expect(output).not.toContain("Failed query");
    expect(output).not.toContain("params:");
    expect(output).not.toContain('"level":"error"');
    expect(output).not.toContain("kari");
  });
});

describe("e-mail addresses a mailer reads differently (finding 8)", () => {
  const tricky = [
    "<postmaster>@x.example",
    "<a@evil.example>x.y",
    "a@evil.example, b@x.example",
    '"a b"@x.example',
    "postmaster@localhost",
  ];

  it("are refused by the newsletter sign-up with the spec's message", async () => {
    for (const email of tricky) {
      const response = await postJson("/api/contact", { type: "newsletter", email });
      expect([email, response.status, await response.json()]).toEqual([email, 400, { error: INVALID_EMAIL }]);
    }
  });

  it("are refused by the contact form with the spec's message", async () => {
    for (const email of tricky) {
      const response = await postJson("/api/contact", { company: "Fjord AS", project: "A site", email });
      expect([email, response.status, await response.json()]).toEqual([email, 400, { error: INVALID_EMAIL }]);
    }
  });

  it("are refused by the GDPR checklist with the spec's message", async () => {
    for (const email of tricky) {
      const response = await postJson("/api/gdpr-results", { email, subscribeNewsletter: true, categories: [] });
      expect([email, response.status, await response.json()]).toEqual([email, 400, { error: INVALID_EMAIL }]);
    }
  });

  it("while a plain address, with spaces around it and a capitalised domain, is accepted", async () => {
    const response = await postJson("/api/contact", { type: "newsletter", email: "  Kari.Nordmann@Example.NO " });
    expect([response.status, await response.json()]).toEqual([200, { success: true, alreadySubscribed: false }]);
  });
});
