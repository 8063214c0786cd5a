import { type Browser, expect } from "@playwright/test";
import { signInWithRequest } from "./sign-in";

/** A row of the staff mail page: the kind is the staff's label (e.g. "Bekreft påmelding til nyhetsbrevet"). */
export type QueuedMail = { to: string; subject: string; kind: string; status: string };

const PER_PAGE = 50; // MAILS_PER_PAGE in app/lib/mail/outbox-forms.ts

/**
 * Every message the mail outbox holds (waiting, sent or failed) that `match` selects, read
 * from the staff mail page (/admin/mail) as signed-in staff, in a browser context of its own.
 *
 * Why the outbox and not the mail folder: every action queues its e-mails in its own
 * transaction, so once its response has arrived, what it queued is in the outbox, however
 * slowly the mail worker delivers. "No e-mail was sent" is then a fact to read, not a time
 * to wait for. (A later e-mail arriving in the folder proves nothing: the worker sends a
 * batch in parallel.)
 *
 * The list is newest first and only ever grows at the top while we read it, so reading the
 * pages in order never misses a row (at worst it sees one twice, which callers' exact
 * counts would show: match on an address or subject unique to the test).
 */
export async function queuedMail(browser: Browser, match: (mail: QueuedMail) => boolean): Promise<QueuedMail[]> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await signInWithRequest(context.request, "staff");
    const page = await context.newPage();
    const found: QueuedMail[] = [];
    for (let number = 1, pageCount = 1; number <= pageCount; number++) {
      const response = await page.goto(`/admin/mail?page=${number}`);
      expect(response?.status(), "/admin/mail as staff").toBe(200);
      const total = Number((await page.getByText(/^[\d\s]+ melding(er)?\.$/).innerText()).replace(/\D/g, ""));
      pageCount = Math.max(1, Math.ceil(total / PER_PAGE));
      const rows = await page.locator(".mail-table tbody tr").evaluateAll((trs) =>
        trs.map((tr) => ({
          to: tr.querySelector("[data-label=Til]")?.textContent ?? "",
          subject: tr.querySelector("[data-label=Emne] a")?.textContent ?? "",
          kind: tr.querySelector("[data-label=Emne] .mail-kind")?.textContent ?? "",
          status: tr.querySelector("[data-label=Status] .badge")?.textContent ?? "",
        })),
      );
      found.push(...rows.filter(match));
    }
    return found;
  } finally {
    await context.close();
  }
}

/** What the outbox holds for one address (as in the "Til" column). */
export const queuedMailTo = (browser: Browser, address: string) =>
  queuedMail(browser, (mail) => mail.to.toLowerCase() === address.toLowerCase());
