import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { savePost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import {
  reviewOfPost,
  reviewQueue,
  reviewStates,
  sendBackForChanges,
  submitForReview,
  withdrawFromReview,
} from "~/lib/blog/post-review.server";
import { setPostSchedule } from "~/lib/blog/post-schedule.server";
import { now } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/lib/platform/domain-errors";
import { type ReviewStaff, setUpReviewTest } from "../support/review-test";
import { engineName } from "../support/test-database";

// Review before publishing (docs/decisions/066) on a real PostgreSQL, with the author's
// e-mails delivered by the mail worker to a real SMTP server.
const { handle, staff, deliver, mailTo } = setUpReviewTest();

const draft = (title: string) =>
  postInputSchema.parse({ title, excerpt: "Kort", author: "Eva", content: "Ett avsnitt.", published: false });

async function submittedDraft(author: ReviewStaff, title: string) {
  const post = await savePost(handle.db, author, draft(title));
  await handle.db.transaction((tx) => submitForReview(tx, author, post.id));
  return post;
}

const events = async (postId: string) =>
  (await handle.db.select().from(schema.securityEvents))
    .filter((event) => (event.details as { postId?: string }).postId === postId)
    .map((event) => event.action);

describe(`review before publishing (${engineName()})`, () => {
  it("submit → the queue → published by an editor: the author's e-mail arrives, every step audited", async () => {
    const author = await staff("author", "Eva Skribent");
    const editor = await staff("editor", "Rita Redaktør");
    const post = await submittedDraft(author, "Om lokale modeller");

    const queue = await reviewQueue(handle.db);
    expect(queue.map((item) => [item.title, item.by])).toEqual([["Om lokale modeller", "Eva Skribent"]]);
    expect(queue[0]!.submittedAt).toMatch(/kl\. \d\d:\d\d/);
    expect((await reviewStates(handle.db, author)).get(post.id)?.status).toBe("submitted");

    await savePost(handle.db, editor, { ...draft("Om lokale modeller"), published: true }, post.id);
    expect(await reviewQueue(handle.db)).toEqual([]);
    expect(await reviewOfPost(handle.db, post.id)).toBeNull();
    expect(await events(post.id)).toEqual(
      expect.arrayContaining(["post_submitted_for_review", "post_updated", "post_review_approved"]),
    );

    await deliver();
    const [mail] = mailTo(author.email);
    expect(mail?.subject).toBe("Fjord & Form: «Om lokale modeller» er publisert");
    expect(mail?.text).toContain("Rita Redaktør har godkjent «Om lokale modeller», og det er publisert.");
    expect(mail?.text).toContain(`/blog/${post.slug}`);
  });

  it("sent back with a comment: the author sees it, gets it by e-mail, and can send the post again", async () => {
    const author = await staff("author", "Eva");
    const owner = await staff("owner", "Olga Eier");
    const post = await submittedDraft(author, "Et utkast som trenger mer");

    await expect(sendBackForChanges(handle.db, owner, post.id, "  ")).rejects.toBeInstanceOf(ValidationError);
    await sendBackForChanges(handle.db, owner, post.id, "Kortere innledning, takk.\nOg en kilde til tallene.");
    expect(await reviewOfPost(handle.db, post.id)).toMatchObject({
      status: "returned",
      reviewedBy: "Olga Eier",
      comment: "Kortere innledning, takk.\nOg en kilde til tallene.",
    });
    expect((await reviewStates(handle.db, author)).get(post.id)?.comment).toContain("Kortere innledning");
    expect(await reviewQueue(handle.db)).toEqual([]);
    expect(await events(post.id)).toEqual(expect.arrayContaining(["post_review_returned"]));

    await deliver();
    const mails = mailTo(author.email);
    const last = mails.at(-1)!;
    expect(last.subject).toBe("Fjord & Form: «Et utkast som trenger mer» er sendt tilbake");
    expect(last.text).toContain("Kortere innledning, takk.");
    expect(last.text).toContain("Og en kilde til tallene.");
    expect(last.text).toContain(`/blog/cms?edit=${post.id}`);
    // A second "Send tilbake" is refused: the post no longer waits.
    await expect(sendBackForChanges(handle.db, owner, post.id, "Igjen")).rejects.toBeInstanceOf(ConflictError);
    // Sent again: back in the queue, the old comment gone.
    await handle.db.transaction((tx) => submitForReview(tx, author, post.id));
    expect(await reviewOfPost(handle.db, post.id)).toMatchObject({ status: "submitted", comment: null });
    expect((await reviewQueue(handle.db)).map((item) => item.id)).toEqual([post.id]);
  });

  it("scheduling a waiting post approves it; the mail gives the time", async () => {
    const author = await staff("author", "Eva");
    const editor = await staff("editor", "Rita");
    const post = await submittedDraft(author, "Planlagt etter godkjenning");
    const at = new Date(now().getTime() + 3 * 86_400_000);
    await handle.db.transaction((tx) => setPostSchedule(tx, editor, post.id, at));
    expect(await reviewQueue(handle.db)).toEqual([]);
    expect(await events(post.id)).toEqual(expect.arrayContaining(["post_scheduled", "post_review_approved"]));
    await deliver();
    expect(mailTo(author.email).at(-1)?.text).toContain("og det er planlagt publisert");
  });

  it("an author's own change, or withdrawing, takes the post out of the queue; an editor's draft save does not", async () => {
    const author = await staff("author", "Eva");
    const editor = await staff("editor", "Rita");
    const post = await submittedDraft(author, "Endres underveis");
    await savePost(handle.db, editor, draft("Endres underveis (rettet skrivefeil)"), post.id);
    expect((await reviewOfPost(handle.db, post.id))?.status).toBe("submitted");
    await savePost(handle.db, author, draft("Endres underveis, igjen"), post.id);
    expect(await reviewOfPost(handle.db, post.id)).toBeNull();

    await handle.db.transaction((tx) => submitForReview(tx, author, post.id));
    await withdrawFromReview(handle.db, author, post.id);
    expect(await reviewOfPost(handle.db, post.id)).toBeNull();
    await expect(withdrawFromReview(handle.db, author, post.id)).rejects.toBeInstanceOf(ConflictError);
    expect((await events(post.id)).filter((action) => action === "post_review_withdrawn")).toHaveLength(2);
  });

  it("only the post's author submits; authors cannot send back, nor reach someone else's post", async () => {
    const author = await staff("author", "Eva");
    const other = await staff("author", "Per");
    const editor = await staff("editor", "Rita");
    const post = await savePost(handle.db, author, draft("Evas eget"));
    await expect(handle.db.transaction((tx) => submitForReview(tx, other, post.id))).rejects.toBeInstanceOf(NotFoundError);
    await expect(handle.db.transaction((tx) => submitForReview(tx, editor, post.id))).rejects.toBeInstanceOf(ForbiddenError);
    await handle.db.transaction((tx) => submitForReview(tx, author, post.id));
    await expect(sendBackForChanges(handle.db, author, post.id, "Godkjent av meg selv")).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(savePost(handle.db, author, { ...draft("Evas eget"), published: true }, post.id)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const [row] = await handle.db.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, post.id));
    expect(row).toMatchObject({ published: false, reviewStatus: "submitted" });
  });
});
