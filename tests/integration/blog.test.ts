import { describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import {
  deletePost,
  getPostById,
  getPublishedPost,
  listAllPosts,
  listPublishedPosts,
  relatedPosts,
  savePost,
} from "~/lib/blog/blog.server";
import { POST_NOT_FOUND, postFromForm, postFormSchema, postInputSchema } from "~/lib/blog/blog-forms";
import { ConflictError, NotFoundError } from "~/lib/platform/domain-errors";
import { engineName, setUpTestDatabase } from "../support/test-database";

// The blog as staff write it and visitors read it: slugs, drafts, order, edits, deletion.
const handle = setUpTestDatabase();

async function staffMember() {
  const user = await createUser(handle.db, {
    email: "blogg@fjordform.test",
    fullName: "Kari",
    password: "a long enough pass",
  });
  return { userId: user.id, ip: "192.0.2.8", userAgent: "vitest" };
}

const post = (fields: Record<string, unknown>) =>
  postInputSchema.parse({
    excerpt: "Kort om saken",
    author: "Kari Nordmann",
    content: "Første avsnitt.\nAndre avsnitt.",
    ...fields,
  });

describe(`the blog (${engineName()})`, () => {
  it("makes the address from the title, and a second post with the same title gets its own", async () => {
    const actor = await staffMember();
    const first = await savePost(handle.db, actor, post({ title: "Lokal KI på én maskin" }));
    const second = await savePost(handle.db, actor, post({ title: "Lokal KI på én maskin" }));
    expect(first.slug).toMatch(/^lokal-ki-pa-en-maskin$/);
    expect(second.slug).toBe(`${first.slug}-2`);
    expect((await getPublishedPost(handle.db, second.slug))?.id).toBe(second.id);
  });

  it("refuses an address another post has, with the text the editor shows", async () => {
    const actor = await staffMember();
    await savePost(handle.db, actor, post({ title: "Første", slug: "privat-ki" }));
    const clash = savePost(handle.db, actor, post({ title: "Andre", slug: "privat-ki" }));
    await expect(clash).rejects.toBeInstanceOf(ConflictError);
    await expect(clash).rejects.toThrow("Adressen /blog/privat-ki er allerede i bruk");
    expect(await listAllPosts(handle.db)).toHaveLength(1);
  });

  it("shows visitors published posts only, newest first; a draft is reachable by staff alone", async () => {
    const actor = await staffMember();
    const older = await savePost(handle.db, actor, post({ title: "Eldre", created_at: "2026-01-10T09:00:00.000Z" }));
    const newer = await savePost(handle.db, actor, post({ title: "Nyere", created_at: "2026-03-10T09:00:00.000Z" }));
    const draft = await savePost(handle.db, actor, post({ title: "Utkast", published: false }));
    const published = await listPublishedPosts(handle.db);
    expect(published.map((p) => p.title)).toEqual(["Nyere", "Eldre"]);
    expect(await getPublishedPost(handle.db, draft.slug)).toBeUndefined();
    expect((await getPostById(handle.db, draft.id))?.published).toBe(false);
    expect((await relatedPosts(handle.db, older.id)).map((p) => p.id)).toEqual([newer.id]);
  });

  it("saves the editor's form as it was typed: trimmed, LF line breaks, the button deciding publication", async () => {
    const actor = await staffMember();
    const form = postFormSchema.parse({
      title: "  Skjema  ",
      excerpt: "Linje en\r\nlinje to",
      author: "Kari",
      content: "Avsnitt\r\n\r\nAvsnitt to",
      intent: "draft",
    });
    const saved = await savePost(handle.db, actor, postFromForm(form));
    const stored = await getPostById(handle.db, saved.id);
    expect(stored).toMatchObject({
      title: "Skjema",
      excerpt: "Linje en\nlinje to",
      content: "Avsnitt\n\nAvsnitt to",
      published: false,
    });
  });

  it("edits a post in place (the address follows the title unless one is typed), and knows a post that is gone", async () => {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ title: "Før" }));
    const edited = await savePost(handle.db, actor, post({ title: "Etter", content: "Ny tekst." }), saved.id);
    expect(edited.id).toBe(saved.id);
    expect(await getPostById(handle.db, saved.id)).toMatchObject({
      title: "Etter",
      content: "Ny tekst.",
      slug: "etter",
    });
    // The editor sends the address it shows: then it stays, whatever the title becomes.
    await savePost(handle.db, actor, post({ title: "Tredje tittel", slug: "etter" }), saved.id);
    expect((await getPostById(handle.db, saved.id))?.slug).toBe("etter");
    expect(await listAllPosts(handle.db)).toHaveLength(1);

    expect(await deletePost(handle.db, saved.id, actor)).toBe(true);
    const gone = savePost(handle.db, actor, post({ title: "Igjen" }), saved.id);
    await expect(gone).rejects.toBeInstanceOf(NotFoundError);
    await expect(gone).rejects.toThrow(POST_NOT_FOUND);
    expect(await deletePost(handle.db, "not-a-uuid", actor)).toBe(false);
    expect(await getPostById(handle.db, "not-a-uuid")).toBeUndefined();
  });

  it("refuses what the schema refuses, with its message", () => {
    const firstMessage = (title: string) =>
      postInputSchema.safeParse({ title, excerpt: "e", author: "a", content: "c" }).error?.issues[0]?.message;
    expect(firstMessage("x".repeat(201))).toBe("Tittel kan være på høyst 200 tegn");
    expect(firstMessage("   ")).toBe("Tittel er påkrevd");
  });
});
