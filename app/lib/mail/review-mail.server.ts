import { accountOf } from "../auth/users.server";
import { getConfig } from "../platform/config.server";
import type { Database } from "../platform/db.server";
import type { StudioDetails } from "../studio/studio-details";
import { getStudioDetails } from "../studio/studio-details.server";
import { enqueueMail, type OutgoingMail } from "./mail.server";

/** What every review answer is written with: the site, the studio, whom it greets, who answered. */
export type ReviewMailBasics = { siteUrl: string; studio: StudioDetails; name: string; reviewer: string };

/**
 * A review's answer (approved, or sent back with a comment) to the one who sent the post or
 * page draft (decisions 066, 071): through the outbox, in the caller's transaction, so the
 * answer and its mail are one change. Nothing when that account is gone; a reviewer whose
 * account is gone is "En redaktør".
 */
export async function mailReviewAnswer(
  db: Database,
  answer: {
    kind: string;
    recipientId: string | null;
    reviewerId: string | null;
    compose: (basics: ReviewMailBasics) => Promise<Pick<OutgoingMail, "subject" | "text" | "html">>;
  },
) {
  const recipient = await accountOf(db, answer.recipientId);
  if (!recipient) return;
  const mail = await answer.compose({
    siteUrl: getConfig().siteUrl,
    studio: await getStudioDetails(db),
    name: recipient.fullName,
    reviewer: (await accountOf(db, answer.reviewerId))?.name ?? "En redaktør",
  });
  await enqueueMail(db, { kind: answer.kind, to: recipient.email, ...mail });
}
