import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { createPost, deletePost, updatePost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { createJob, deleteJob, jobInputSchema, setJobPublished, updateJob } from "~/lib/careers/jobs.server";
import { schema } from "~/lib/platform/db.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { NotFoundError } from "~/lib/platform/domain-errors";

// Every change staff make to what the site shows is in the audit trail (/admin/security):
// who, what, from where, and which item, never a visitor's data.
const handle = setUpTestDatabase();

async function staffMember() {
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari",
    password: "a long enough pass",
  });
  return { userId: user.id, ip: "192.0.2.7", userAgent: "vitest" };
}

async function trail() {
  const rows = await handle.db
    .select()
    .from(schema.securityEvents)
    .orderBy(asc(schema.securityEvents.createdAt), asc(schema.securityEvents.id));
  return rows.map((row) => ({ action: row.action, userId: row.userId, ip: row.ipAddress, details: row.details }));
}

describe(`the audit trail of published content (${engineName()})`, () => {
  it("records creating, changing and deleting a post, by whom and from where", async () => {
    const actor = await staffMember();
    const input = postInputSchema.parse({
      title: "Fjordlys",
      excerpt: "Kort",
      author: "Kari",
      content: "Tekst",
      published: false,
    });
    const post = await createPost(handle.db, input, actor);
    await updatePost(handle.db, post.id, { ...input, published: true }, actor);
    await expect(deletePost(handle.db, post.id, actor)).resolves.toBeUndefined();
    await expect(deletePost(handle.db, post.id, actor)).rejects.toThrow(NotFoundError); // nothing deleted, nothing recorded
    expect(await trail()).toEqual([
      { action: "post_created", userId: actor.userId, ip: actor.ip, details: { postId: post.id, title: "Fjordlys" } },
      {
        action: "post_updated",
        userId: actor.userId,
        ip: actor.ip,
        details: { postId: post.id, title: "Fjordlys", published: true },
      },
      { action: "post_deleted", userId: actor.userId, ip: actor.ip, details: { postId: post.id, title: "Fjordlys" } },
    ]);
  });

  it("records a job listing's life: created, edited, hidden, published, deleted", async () => {
    const actor = await staffMember();
    const input = jobInputSchema.parse({
      title: "Utvikler",
      location: "Oslo",
      type: "Full-time",
      description: "x",
      applyLink: "mailto:jobs@fjordform.no",
    });
    const job = await createJob(handle.db, actor, input);
    await updateJob(handle.db, actor, job.id, { ...input, title: "Senior utvikler" });
    await setJobPublished(handle.db, actor, job.id, false);
    await setJobPublished(handle.db, actor, job.id, true);
    await deleteJob(handle.db, actor, job.id);
    const events = await trail();
    expect(events.map((event) => event.action)).toEqual([
      "job_created",
      "job_updated",
      "job_unpublished",
      "job_published",
      "job_deleted",
    ]);
    expect(events.every((event) => event.userId === actor.userId && event.details.jobId === job.id)).toBe(true);
    expect(events.at(-1)?.details.title).toBe("Senior utvikler");
  });
});
