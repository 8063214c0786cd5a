import { data } from "react-router";
import { discardRestOfBody } from "../media/uploads.server";
import { getPrivateStore } from "../media/storage/private-store.server";
import { getConfig } from "../platform/config.server";
import { getDb } from "../platform/db.server";
import { englishLongDate } from "../platform/dates";
import { MultipartError } from "../platform/multipart.server";
import { uploadSpoolDir } from "../showcase/showcase-upload.server";
import { APPLICATION_MESSAGES, type ApplicationFieldName } from "./application-forms";
import { type ApplicationListing, applyTarget, parseApplicationFields, submitApplication } from "./applications.server";
import { receiveApplicationForm } from "./application-upload.server";
import { checkSubmission } from "../visitor-forms/anti-spam.server";
import { DomainError } from "../platform/domain-errors";

type FieldErrors = Partial<Record<ApplicationFieldName, string[]>>;

/** What the listing page shows after a post: the thanks, or the form again with what was typed and why. */
export type ApplicationAnswer =
  | { kind: "received"; email: string; keptUntil: string }
  | {
      kind: "refused";
      message: string;
      fieldErrors: FieldErrors;
      values: Record<string, string>;
    };

const TEXT_FIELDS = ["name", "email", "phone", "link", "letter", "consent"] as const;

/**
 * The application form's post (decision 057), a plain multipart form that works without
 * JavaScript: read as it streams, checked, stored. 200 with the thanks means committed;
 * a refusal is the form again (400, or 413 for a CV over 10 MB) with everything typed
 * kept, except the file, which a browser cannot be given back.
 */
export async function applyFromRequest(request: Request, listing: ApplicationListing) {
  if (applyTarget(listing.applyLink).kind !== "form") throw data(null, { status: 405 });
  const config = getConfig();
  const received = await receiveApplicationForm(request, uploadSpoolDir(config.dataDir)).catch((error: unknown) => {
    if (error instanceof MultipartError) throw data(null, { status: 400 });
    throw error;
  });
  try {
    const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, String(received.fields.get(name) ?? "")]));
    const refuse = (fieldErrors: FieldErrors, status: number) =>
      data<ApplicationAnswer>({ kind: "refused", message: APPLICATION_MESSAGES.fixBelow, fieldErrors, values }, status);
    if (received.refused) {
      // The rest of the refused file is read and dropped, so the browser gets to read this answer.
      await discardRestOfBody(request, { bytes: 2 * 1024 * 1024, ms: 10_000 });
      // Every field's problem at once, not the file's first and the rest on the next try.
      const fields = parseApplicationFields(received.fields);
      const others = fields.ok ? {} : fields.fieldErrors;
      return refuse({ ...others, cv: [received.refused.message] }, received.refused.status);
    }
    // The time trap and proof of work (decision 062): refused with what was typed kept, or unverified without a proof.
    let verified: boolean;
    try {
      ({ verified } = await checkSubmission(getDb(), Object.fromEntries(received.fields)));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data<ApplicationAnswer>({ kind: "refused", message: error.message, fieldErrors: {}, values }, 400);
    }
    const outcome = await submitApplication(getDb(), listing, received.fields, received.cv, {
      siteUrl: config.siteUrl,
      store: getPrivateStore(),
      verified,
    });
    if (outcome.kind === "invalid") return refuse(outcome.fieldErrors, 400);
    const keptUntil = englishLongDate(outcome.retentionUntil);
    return data<ApplicationAnswer>({ kind: "received", email: values.email!.trim(), keptUntil });
  } finally {
    await received.discard();
  }
}
