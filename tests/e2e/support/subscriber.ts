import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mailbox";

/** Signs up through the API, then confirms with the link from the e-mail, as a visitor would. */
export async function subscribeAndConfirm(page: Page, request: APIRequestContext, email: string) {
  const response = await request.post("/api/contact", { data: { email, type: "newsletter" } });
  expect(response.status()).toBe(200);
  const confirm = await waitForMail({ kind: "newsletter-confirm", to: email });
  await page.goto(linkIn(confirm, "/newsletter/confirm"));
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You’re subscribed.");
  return waitForMail({ kind: "newsletter-welcome", to: email });
}
