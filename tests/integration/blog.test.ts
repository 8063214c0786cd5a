import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
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
  savePostWithImageAlt,
  withImageAlt,
} from "~/lib/blog/blog.server";
import { POST_NOT_FOUND, postFromForm, postFormSchema, postInputSchema } from "~/lib/blog/blog-forms";
import { libraryAltText } from "~/lib/media/media-library.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import { storeImage } from "~/lib/media/uploads.server";
import { schema } from "~/lib/platform/db.server";
import { ConflictError, NotFoundError } from "~/lib/platform/domain-errors";
import * as fixtures from "../fixtures/images";
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

    await expect(deletePost(handle.db, saved.id, actor)).resolves.toBeUndefined();
    const gone = savePost(handle.db, actor, post({ title: "Igjen" }), saved.id);
    await expect(gone).rejects.toBeInstanceOf(NotFoundError);
    await expect(gone).rejects.toThrow(POST_NOT_FOUND);
    await expect(deletePost(handle.db, "not-a-uuid", actor)).rejects.toThrow(NotFoundError);
    expect(await getPostById(handle.db, "not-a-uuid")).toBeUndefined();
  });

  it("refuses what the schema refuses, with its message", () => {
    const firstMessage = (title: string) =>
      postInputSchema.safeParse({ title, excerpt: "e", author: "a", content: "c" }).error?.issues[0]?.message;
    expect(firstMessage("x".repeat(201))).toBe("Tittel kan være på høyst 200 tegn");
    expect(firstMessage("   ")).toBe("Tittel er påkrevd");
  });

  it("the editor's form needs the image's alt text only when the image is an upload, and the API never sees it", () => {
    const form = (fields: Record<string, unknown>) =>
      postFormSchema.safeParse({ title: "T", excerpt: "e", author: "a", content: "c", intent: "publish", ...fields });
    const upload = "/uploads/0b6f2f3e-8c1d-4e8a-9a57-2f1c3d4e5f60-1200.jpg";
    expect(form({ featured_image: upload, image_alt: "  " }).error?.issues).toEqual([
      expect.objectContaining({ path: ["image_alt"], message: "Skriv en alternativ tekst som beskriver bildet." }),
    ]);
    expect(form({ featured_image: upload, image_alt: " To kajakker " }).data?.image_alt).toBe("To kajakker");
    // No image, or one shipped with the site (no library entry to keep a text in): nothing asked.
    expect(form({ featured_image: "" }).success).toBe(true);
    expect(form({ featured_image: "/media/images/fjord.webp" }).success).toBe(true);
    // The post itself has no alt field: not in what is saved, nor in the API's input.
    expect(postFromForm(form({ featured_image: upload, image_alt: "To kajakker" }).data!)).not.toHaveProperty(
      "image_alt",
    );
    expect(
      postInputSchema.parse({ title: "T", excerpt: "e", author: "a", content: "c", image_alt: "x" }),
    ).not.toHaveProperty("image_alt");
  });

  it("saving from the editor keeps the image's alt text in the media library: unchanged is left alone, changed is saved and audited", async () => {
    const actor = await staffMember();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "blog-alt-test-"));
    try {
      const store = createLocalStore(path.join(dir, "uploads"));
      const image = await storeImage(handle.db, {
        bytes: await fixtures.png(),
        uploadedBy: actor.userId,
        altText: "To kajakker på fjorden",
        store,
      });
      const altChanges = () =>
        handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, "media_alt_changed"));
      const input = post({ title: "Kajakk", featured_image: image.url });
      const saved = await savePostWithImageAlt(handle.db, actor, input, "To kajakker på fjorden");

      // Only the title changes: the alt text stays, and no change is recorded.
      await savePostWithImageAlt(
        handle.db,
        actor,
        { ...input, title: "Kajakk i morgenlys" },
        "To kajakker på fjorden",
        saved.id,
      );
      expect(await libraryAltText(handle.db, image.url)).toBe("To kajakker på fjorden");
      expect(await altChanges()).toHaveLength(0);

      // A new alt text is the library's, which the public post shows.
      await savePostWithImageAlt(handle.db, actor, input, "Kajakker trukket opp på en steinstrand", saved.id);
      expect(await libraryAltText(handle.db, image.url)).toBe("Kajakker trukket opp på en steinstrand");
      const [shown] = await withImageAlt(handle.db, [(await getPublishedPost(handle.db, saved.slug))!]);
      expect(shown?.image_alt).toBe("Kajakker trukket opp på en steinstrand");
      expect(await altChanges()).toEqual([
        expect.objectContaining({
          userId: actor.userId,
          details: expect.objectContaining({ mediaId: image.media.id }),
        }),
      ]);
      // The API's GET /api/blog-edit answer (getPostById) is unchanged: no alt field on a post.
      expect(await getPostById(handle.db, saved.id)).not.toHaveProperty("image_alt");

      // A post that is gone changes nothing, not even the alt text.
      await deletePost(handle.db, saved.id, actor);
      await expect(savePostWithImageAlt(handle.db, actor, input, "Noe annet", saved.id)).rejects.toBeInstanceOf(
        NotFoundError,
      );
      expect(await libraryAltText(handle.db, image.url)).toBe("Kajakker trukket opp på en steinstrand");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
