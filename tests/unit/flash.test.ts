import { describe, expect, it } from "vitest";
import { flashCookie, readFlash, redirectWithFlash } from "~/lib/platform/flash.server";
import { cookieSignature } from "~/lib/platform/secrets.server";

/** The request the browser sends next, carrying the Set-Cookie of `response` (name=value only). */
function nextRequest(setCookie: string, other = "session=abc") {
  return new Request("http://localhost/admin/media", { headers: { cookie: `${other}; ${setCookie.split(";")[0]}` } });
}

describe("flash notices", () => {
  it("a redirect with a notice is a 303 to the clean address with a signed, HttpOnly, SameSite=Lax cookie", () => {
    const response = redirectWithFlash("/admin/media", { kind: "success", message: "Bildet er slettet." });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/media");
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^flash=[\w-]+\.[\w-]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
  });

  it("the next request reads the notice (æøå and «» intact) and gets a Set-Cookie that clears it", () => {
    const notice = { kind: "error", message: "«Høst» finnes ikke lenger, så ingenting er endret." } as const;
    const read = readFlash(nextRequest(flashCookie(notice)));
    expect(read?.notice).toEqual(notice);
    expect(read?.clear).toMatch(/^flash=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
  });

  it("a request without the cookie has no notice and clears nothing", () => {
    expect(readFlash(new Request("http://localhost/admin", { headers: { cookie: "session=abc" } }))).toBeUndefined();
    expect(readFlash(new Request("http://localhost/admin"))).toBeUndefined();
  });

  it("a cookie the site did not sign says nothing, and is cleared", () => {
    const genuine = flashCookie({ kind: "success", message: "Bildet er slettet." });
    const [, value = ""] = genuine.split(";")[0]!.split("=");
    const [, signature] = value.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ kind: "success", message: "Betal til konto 1234." })).toString("base64url");
    for (const forged of [`flash=${forgedBody}.${signature}`, `flash=${forgedBody}`, "flash=not-even-base64", "flash="]) {
      const read = readFlash(nextRequest(forged));
      expect(read?.notice, forged).toBeNull();
      expect(read?.clear).toContain("Max-Age=0");
    }
  });

  it("a signed value that is not a notice says nothing", () => {
    for (const value of [{ kind: "warning", message: "x" }, { kind: "success", message: "" }, { kind: "success" }]) {
      const body = Buffer.from(JSON.stringify(value)).toString("base64url");
      expect(readFlash(nextRequest(`flash=${body}.${cookieSignature(body)}`))?.notice).toBeNull();
    }
  });
});
