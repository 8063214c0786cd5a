import { describe, expect, it } from "vitest";
import { discardDraft, pageForEditing, publishDraft, restoreVersion, saveDraft } from "~/lib/pages/page-editing.server";
import {
  pageReviewQueue,
  reviewOfPage,
  sendBackPageDraft,
  submitPageDraft,
  withdrawPageDraft,
} from "~/lib/pages/page-review.server";
import { schema } from "~/lib/platform/db.server";
import { ForbiddenError, ValidationError } from "~/lib/platform/domain-errors";
import { type ReviewStaff, setUpReviewTest } from "../support/review-test";
import { engineName } from "../support/test-database";

// Review of page drafts (docs/decisions/071) on a real PostgreSQL, the sender's e-mails
// delivered by the mail worker to a real SMTP server.
const { handle, staff, deliver, mailTo } = setUpReviewTest({ emailPrefix: "page-" });

async function draftAbout(actor: ReviewStaff, heading: string) {
  const { revision, content } = await pageForEditing(handle.db, "about", "en");
  const outcome = await saveDraft(handle.db, actor, "about", "en", {
    revision,
    content: { ...content, headline: heading },
  });
  if (outcome.kind !== "saved") throw new Error(outcome.kind);
  return outcome.revision;
}

const events = async () =>
  (await handle.db.select().from(schema.securityEvents))
    .filter((event) => (event.details as { page?: string }).page === "about")
    .map((event) => event.action);

describe(`review of page drafts (${engineName()})`, () => {
  it("an author drafts and submits; an editor publishes it; the author is mailed; each step audited", async () => {
    const author = await staff("author", "Eva Skribent");
    const editor = await staff("editor", "Rita Redaktør");
    const revision = await draftAbout(author, "Vi bygger for deg");

    await expect(publishDraft(handle.db, author, "about", "en", revision)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(restoreVersion(handle.db, author, "about", "en", 0)).rejects.toBeInstanceOf(ForbiddenError);

    await submitPageDraft(handle.db, author, "about", "en", revision);
    const queue = await pageReviewQueue(handle.db);
    expect(queue.map((item) => [item.title, item.by, item.href])).toEqual([
      ["Side: Om oss", "Eva Skribent", "/admin/pages/about"],
    ]);

    const outcome = await publishDraft(handle.db, editor, "about", "en", revision);
    expect(outcome.kind).toBe("published");
    expect(await pageReviewQueue(handle.db)).toEqual([]);
    expect(await reviewOfPage(handle.db, "about", "en")).toBeNull();
    expect((await pageForEditing(handle.db, "about", "en")).published.headline).toBe("Vi bygger for deg");
    expect(await events()).toEqual(
      expect.arrayContaining([
        "page_draft_saved",
        "page_draft_submitted_for_review",
        "page_published",
        "page_draft_review_approved",
      ]),
    );

    await deliver();
    const [mail] = mailTo(author.email);
    expect(mail?.subject).toBe("Fjord & Form: Endringene på «Om oss» er publisert");
    expect(mail?.text).toContain("Rita Redaktør har godkjent utkastet til «Om oss», og det er publisert.");
  });

  it("sent back with a required comment; an author's edit takes a waiting draft out of the queue", async () => {
    const author = await staff("author", "Eva");
    const owner = await staff("owner", "Olga Eier");
    let revision = await draftAbout(author, "Første forsøk");
    await submitPageDraft(handle.db, author, "about", "en", revision);

    await expect(sendBackPageDraft(handle.db, author, "about", "en", "Nei")).rejects.toBeInstanceOf(ForbiddenError);
    await expect(sendBackPageDraft(handle.db, owner, "about", "en", "  ")).rejects.toBeInstanceOf(ValidationError);
    await sendBackPageDraft(handle.db, owner, "about", "en", "Kortere overskrift, takk.");
    expect(await reviewOfPage(handle.db, "about", "en")).toMatchObject({
      status: "returned",
      reviewedBy: "Olga Eier",
      comment: "Kortere overskrift, takk.",
    });
    expect(await pageReviewQueue(handle.db)).toEqual([]);
    await deliver();
    const last = mailTo(author.email).at(-1)!;
    expect(last.subject).toBe("Fjord & Form: Utkastet til «Om oss» er sendt tilbake");
    expect(last.text).toContain("Kortere overskrift, takk.");

    revision = await draftAbout(author, "Andre forsøk");
    await submitPageDraft(handle.db, author, "about", "en", revision);
    expect(await pageReviewQueue(handle.db)).toHaveLength(1);
    revision = await draftAbout(author, "Tredje forsøk");
    expect(await pageReviewQueue(handle.db)).toEqual([]);
    await submitPageDraft(handle.db, author, "about", "en", revision);
    await withdrawPageDraft(handle.db, author, "about", "en");
    expect(await reviewOfPage(handle.db, "about", "en")).toBeNull();
    expect((await events()).filter((action) => action === "page_draft_review_withdrawn")).toHaveLength(2);

    // The draft is shared: an author may not throw away words a colleague saved last.
    const editor = await staff("editor", "Rita");
    revision = await draftAbout(editor, "Redaktørens utkast");
    await expect(discardDraft(handle.db, author, "about", "en", revision)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await discardDraft(handle.db, editor, "about", "en", revision)).kind).toBe("discarded");
  });
});
