import { randomBytes } from "node:crypto";
import { type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
import { linkIn, uniqueAddress, waitForMail } from "./mailbox";

/**
 * Fresh staff accounts made the way the product makes them: a signed-in colleague
 * invites (POST /admin/staff), the invitation e-mail arrives, its link sets a password.
 * Tests that deactivate or reset an account use these, never the shared accounts.
 */
export type Colleague = { email: string; name: string; password: string };

/** Invites a new colleague as the staff member signed in on `staffRequest`; returns the link from the e-mail. */
export async function inviteColleague(staffRequest: APIRequestContext, label: string) {
  const email = uniqueAddress(label);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} ${randomBytes(3).toString("hex")}`;
  const response = await staffRequest.post("/admin/staff", { form: { intent: "invite", fullName: name, email } });
  expect(response.status(), "the invitation is accepted").toBe(200);
  const mail = await waitForMail({ to: email, kind: "staff-invitation" });
  return { email, name, link: linkIn(mail, "/login/invitation") };
}

/** Accepts an invitation link in `context` (a plain form post): the context is then signed in as the colleague. */
export async function acceptInvitation(context: BrowserContext, link: string, password: string) {
  const token = new URL(link).searchParams.get("token")!;
  const response = await context.request.post("/login/invitation", {
    form: { token, password, confirm: password },
    maxRedirects: 0,
  });
  expect(response.status(), "the invitation answers with a redirect").toBe(303);
  expect(response.headers()["location"]).toBe("/admin");
}

/** A colleague with a password, signed in on `context`. */
export async function freshColleague(staffRequest: APIRequestContext, context: BrowserContext, label: string) {
  const invited = await inviteColleague(staffRequest, label);
  const password = randomBytes(18).toString("base64url");
  await acceptInvitation(context, invited.link, password);
  return { email: invited.email, name: invited.name, password } satisfies Colleague;
}
