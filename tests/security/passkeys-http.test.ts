import { describe, expect, it } from "vitest";
import { addSoftPasskey } from "../support/passkey-flows";
import { call, productionServerForThisFile } from "./helpers";
import { anotherSession, cookieWith, META, PASSWORD, signedInStaff } from "./staff-fixtures";

// Decision 065, over HTTP against the built server: the passkey endpoints give nothing to
// a request without the session (or browser binding) they need, and a whole passkey
// sign-in works with the server's own RP ID and origin.

const server = productionServerForThisFile();
const port = () => new URL(server.url).port;
// Without SITE_URL the server is http://localhost:<port> (its RP ID "localhost").
const origin = () => `http://localhost:${port()}`;
const rp = () => ({ id: "localhost", origin: origin() });

describe("passkey endpoints", () => {
  it("without a session: no second-step options, no registration, no removal", async () => {
    const mfa = await call(server.url, "/login/mfa/passkey", { origin: origin(), form: { intent: "options" } });
    expect(mfa.status).toBe(401);
    expect(mfa.body).not.toContain("challenge");
    for (const form of <Record<string, string>[]>[
      { intent: "add", name: "Tyv", js: "1" },
      { intent: "verify", response: "{}" },
      { intent: "remove", passkeyId: "00000000-0000-0000-0000-000000000000", confirm: "on" },
    ]) {
      const reply = await call(server.url, "/admin/settings/passkeys", { origin: origin(), form });
      expect([form.intent, reply.status]).toEqual([form.intent, 302]);
      expect(reply.body).not.toContain("challenge");
    }
  });

  it("with a session still owing its second step: settings stay shut", async () => {
    const db = await server.db();
    const kari = await signedInStaff(db, "pending@fjordform.test");
    const pending = await anotherSession(db, kari.user.id, { mfaVerified: false });
    const reply = await call(server.url, "/admin/settings/passkeys", {
      origin: origin(),
      cookie: await cookieWith(pending.token),
      form: { intent: "add", name: "Tyv", js: "1", password: PASSWORD },
    });
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe("/login/mfa");
  });

  it("a sign-in answer without the browser's binding cookie is refused; with it, the passkey signs in", async () => {
    const db = await server.db();
    const kari = await signedInStaff(db, "passkey-http@fjordform.test");
    const { key } = await addSoftPasskey(db, kari.session, PASSWORD, META);
    const first = await call(server.url, "/login/passkey", { origin: origin(), form: { intent: "options" } });
    expect(first.status).toBe(200);
    const { options } = JSON.parse(first.body) as { options: { challenge: string; userVerification: string } };
    expect(options.userVerification).toBe("required");
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^passkey_sign_in=.*; HttpOnly; SameSite=Strict$/);
    expect(setCookie).toContain("Path=/login/passkey");
    const response = JSON.stringify(key.assert(options, rp()));

    const refused = await call(server.url, "/login/passkey", { origin: origin(), form: { intent: "verify", response } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("set-cookie") ?? "").not.toMatch(/(^|, )session=[^;]/);

    const crossSite = await call(server.url, "/login/passkey", {
      origin: "https://evil.example",
      cookie: setCookie.split(";")[0],
      form: { intent: "verify", response },
    });
    expect(crossSite.status).toBe(403);

    const signedIn = await call(server.url, "/login/passkey", {
      origin: origin(),
      cookie: setCookie.split(";")[0],
      form: { intent: "verify", response },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/(^|, )session=[^;]/);
    // The same answer again, with the same cookie: the challenge is spent.
    const replay = await call(server.url, "/login/passkey", {
      origin: origin(),
      cookie: setCookie.split(";")[0],
      form: { intent: "verify", response },
    });
    expect(replay.status).toBe(401);
  });
});
