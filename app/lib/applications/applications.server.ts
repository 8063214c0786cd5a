import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { addMonths } from "date-fns";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { enqueueMail } from "../mail/mail.server";
import { applicationNotificationEmail, applicationReceiptEmail } from "../mail/templates/application-mail.server";
import type { MediaStore } from "../media/storage/media-store.server";
import { privacyVersionInForce } from "../pages/privacy-version.server";
import { type Database, schema } from "../platform/db.server";
import { englishLongDate } from "../platform/dates";
import { ValidationError } from "../platform/domain-errors";
import { emailAddressSchema } from "../platform/email-address.server";
import { log } from "../platform/log.server";
import { normaliseEmail } from "../platform/validation";
import { getStudioDetails } from "../studio/studio-details.server";
import { APPLICATION_MESSAGES, applicationFieldsSchema } from "./application-forms";
import type { ReceivedCv } from "./application-upload.server";

/**
 * Applications from the public site (decision 057): where a listing's "Apply" goes, the
 * application stored with its CV and its two e-mails, and the erasure when its time is
 * up. The staff side is application-admin.server.ts.
 */
const { jobApplications: a } = schema;

/** Where a listing's "Apply" leads: an https link stays one; otherwise our form, notifying the mailto address. */
export type ApplyTarget = { kind: "external"; url: string } | { kind: "form"; notify: string | undefined };

export function applyTarget(applyLink: string): ApplyTarget {
  if (URL.canParse(applyLink)) {
    const url = new URL(applyLink);
    if (url.protocol === "https:") return { kind: "external", url: applyLink };
    if (url.protocol === "mailto:") {
      const address = normaliseEmail(decodeURIComponent(url.pathname));
      return { kind: "form", notify: address };
    }
  }
  return { kind: "form", notify: undefined };
}

/** When an application sent `at` to a listing that keeps them `months` is erased at the latest. */
export const retentionEnd = (at: Date, months: number) => addMonths(at, months);

/** The applications page of a listing for the e-mail (/admin/applications/:id in routes.ts). */
export const applicationUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/applications/${id}`;

export type ApplicationListing = Pick<
  typeof schema.jobListings.$inferSelect,
  "id" | "slug" | "title" | "applyLink" | "retentionMonths"
>;

type Submitted =
  { kind: "received"; id: string; retentionUntil: Date } | { kind: "invalid"; fieldErrors: Record<string, string[]> };

/** The form's text fields checked; the address normalised as every form's is. */
export function parseApplicationFields(fields: FormData) {
  const raw = Object.fromEntries(
    ["name", "email", "phone", "link", "letter", "consent"].map((k) => [k, fields.get(k) ?? undefined]),
  );
  const parsed = applicationFieldsSchema.safeParse(raw);
  const fieldErrors: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
  }
  const email = emailAddressSchema.safeParse(raw.email ?? "");
  if (!email.success) fieldErrors.email = [APPLICATION_MESSAGES.email];
  if (!parsed.success || !email.success) return { ok: false as const, fieldErrors };
  return { ok: true as const, value: { ...parsed.data, email: email.data } };
}

/**
 * Stores an application: the CV into the private store first, then the row and its two
 * e-mails (the candidate's receipt, the studio's notification) in one transaction. If
 * the transaction fails the file is deleted again; if this returns, all of it is kept.
 */
export async function submitApplication(
  db: Database,
  listing: ApplicationListing,
  fields: FormData,
  cv: ReceivedCv | undefined,
  { siteUrl, store, verified = false }: { siteUrl: string; store: MediaStore; verified?: boolean },
): Promise<Submitted> {
  const target = applyTarget(listing.applyLink);
  if (target.kind !== "form") throw new ValidationError(APPLICATION_MESSAGES.notAccepted);
  const parsed = parseApplicationFields(fields);
  const fieldErrors = parsed.ok ? {} : parsed.fieldErrors;
  if (!cv) fieldErrors.cv = [APPLICATION_MESSAGES.cvMissing];
  if (!parsed.ok || !cv) return { kind: "invalid", fieldErrors };
  const input = parsed.value;

  const id = randomUUID();
  const at = new Date();
  const retentionUntil = retentionEnd(at, listing.retentionMonths);
  // The key is ours: the candidate's file name never names anything in the store.
  const cvKey = `applications/${id}.pdf`;
  const studio = await getStudioDetails(db);
  const receipt = await applicationReceiptEmail({
    siteUrl,
    studio,
    name: input.name,
    jobTitle: listing.title,
    cvName: cv.name,
    keptUntil: englishLongDate(retentionUntil),
    months: listing.retentionMonths,
  });
  const notification = await applicationNotificationEmail({
    siteUrl,
    studio,
    name: input.name,
    email: input.email,
    jobTitle: listing.title,
    applicationUrl: applicationUrl(siteUrl, id),
  });
  await store.put(cvKey, createReadStream(cv.path), { contentType: "application/pdf", size: cv.size });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(a).values({
        id,
        jobId: listing.id,
        jobTitle: listing.title,
        jobSlug: listing.slug,
        name: input.name,
        email: input.email,
        phone: input.phone,
        link: input.link,
        letter: input.letter,
        cvKey,
        cvName: cv.name,
        cvSize: cv.size,
        retentionUntil,
        verified,
        privacyVersion: await privacyVersionInForce(tx),
        createdAt: at,
      });
      await enqueueMail(tx, { kind: "application-receipt", to: input.email, ...receipt, applicationId: id });
      await enqueueMail(tx, {
        kind: "application-notification",
        to: target.notify ?? studio.email,
        ...notification,
        applicationId: id,
      });
    });
  } catch (error) {
    await store.delete([cvKey]).catch(() => {});
    throw error;
  }
  return { kind: "received", id, retentionUntil };
}

/**
 * A listing that closes (is hidden from the site) keeps its applications `months` from
 * now, if that is later than what they had: "six months after the listing closes".
 */
export async function extendRetentionOnClose(db: Database, jobId: string, months: number, at = new Date()) {
  await db
    .update(a)
    .set({ retentionUntil: sql`greatest(${a.retentionUntil}, ${retentionEnd(at, months)})` })
    .where(eq(a.jobId, jobId));
}

const ERASE_BATCH = 200;

/**
 * The retention round's part (platform/retention.server.ts runs it under its lock): every
 * application past its `retention_until`, with its notes, replies, e-mails and CV. The
 * files go first, inside the round's transaction: if the round then fails, the rows
 * are still there and the next round deletes them (deleting a file again is harmless);
 * the other order could leave a CV that nothing points to.
 */
export function applicationRetention(store: MediaStore) {
  return async function eraseExpiredApplications(tx: Database, at: Date) {
    let erased = 0;
    for (;;) {
      const rows = await tx
        .select({ id: a.id, cvKey: a.cvKey })
        .from(a)
        .where(lt(a.retentionUntil, at))
        .limit(ERASE_BATCH)
        .for("update", { skipLocked: true });
      if (rows.length === 0) break;
      await store.delete(rows.map((row) => row.cvKey));
      const ids = rows.map((row) => row.id);
      await tx.delete(a).where(and(inArray(a.id, ids), lt(a.retentionUntil, at)));
      erased += rows.length;
      if (rows.length < ERASE_BATCH) break;
    }
    if (erased > 0) log.info("applications erased at the end of their retention", { count: erased });
    return erased;
  };
}
