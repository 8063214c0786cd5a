import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { listPublishedPosts, relatedPosts, withImageAlt } from "~/lib/blog/blog.server";
import { altTextSchema, ALT_TEXT_MAX_LENGTH, imageAlt, inUseMessage, uploadAltSchema } from "~/lib/media/media-forms";
import { deleteMedia, getMediaItem, listMedia, setMediaAltText } from "~/lib/media/media-library.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import type { MediaStore } from "~/lib/media/storage/media-store.server";
import { readImageUpload, storeImage } from "~/lib/media/uploads.server";
import { createIssue } from "~/lib/newsletter/issues.server";
import { renderIssuePreview } from "~/lib/newsletter/sending.server";
import { schema } from "~/lib/platform/db.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { listPortfolioItems, setPortfolioOrder } from "~/lib/showcase/portfolio-admin.server";
import { listShowcaseFiles } from "~/lib/showcase/showcase-library.server";
import { listPublishedShowcase } from "~/lib/showcase/showcase.server";
import * as fixtures from "../fixtures/images";
import { setUpTestDatabase } from "../support/test-database";

// The media library with real uploads in a local media store (a temporary folder): what
// staff see on /admin/media, and what visitors get on the pages that show the images.
const handle = setUpTestDatabase();
let dir: string;
let store: MediaStore;
let actor: { userId: string; name: string; ip: string; userAgent: string };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-library-test-"));
  store = createLocalStore(path.join(dir, "uploads"));
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari Nordmann",
    password: "a long enough pass",
  });
  actor = { userId: user.id, name: "Kari Nordmann", ip: "192.0.2.7", userAgent: "vitest" };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const upload = async () => storeImage(handle.db, { bytes: await fixtures.png(), uploadedBy: actor.userId, store });
const storedFiles = () => fs.readdirSync(path.join(dir, "uploads"));
const audited = (action: string) =>
  handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));

async function post(title: string, values: { featuredImage?: string; content?: string } = {}) {
  const [row] = await handle.db
    .insert(schema.blogPosts)
    .values({
      title,
      excerpt: "e",
      author: "Kari",
      slug: title.toLowerCase().replace(/\W+/g, "-"),
      content: "Text.",
      published: true,
      ...values,
    })
    .returning();
  return row!;
}

describe("where an image is used", () => {
  it("names the posts and newsletter issues that show it, as featured image or in their text", async () => {
    const featured = await upload();
    const inText = await upload();
    const unused = await upload();
    const fjord = await post("Fjord light", { featuredImage: featured.url });
    await post("Field notes", { content: `See the photo: ${inText.url.replace("1600", "960")}` });
    const issueId = await createIssue(
      handle.db,
      { subject: "Autumn notes", preheader: "", body: "x", featuredImage: featured.url },
      actor,
    );

    const items = await listMedia(handle.db, undefined);
    const uses = (id: string) => items.find((item) => item.id === id)!.uses;
    expect(uses(featured.media.id)).toEqual(
      expect.arrayContaining([
        { kind: "post", id: fjord.id, title: "Fjord light", place: "featured" },
        { kind: "issue", id: issueId, title: "Autumn notes", place: "featured" },
      ]),
    );
    expect(uses(inText.media.id)).toEqual([
      expect.objectContaining({ kind: "post", title: "Field notes", place: "body" }),
    ]);
    expect(uses(unused.media.id)).toEqual([]);
    // Who uploaded it, by name.
    expect(items[0]!.uploadedBy).toBe("Kari Nordmann");
  });
});

describe("deleting an image", () => {
  it("is refused while a post or an issue uses it, naming where; then deletes every stored copy", async () => {
    const image = await upload();
    const fjord = await post("Fjord light", { featuredImage: image.url });
    const issueId = await createIssue(
      handle.db,
      { subject: "Autumn notes", preheader: "", body: "x", featuredImage: image.url },
      actor,
    );
    const copies = storedFiles().length;
    expect(copies).toBeGreaterThan(0);

    const refused = await deleteMedia(handle.db, store, image.media.id, actor);
    expect(refused.kind).toBe("in-use");
    if (refused.kind !== "in-use") throw new Error("not refused");
    const message = inUseMessage(refused.uses);
    expect(message).toContain("blogginnlegget «Fjord light» (hovedbilde)");
    expect(message).toContain("nyhetsbrevet «Autumn notes» (hovedbilde)");
    expect(storedFiles()).toHaveLength(copies);
    expect(await getMediaItem(handle.db, image.media.id, undefined)).toBeDefined();

    // Still used by the issue once the post lets go of it.
    await handle.db.update(schema.blogPosts).set({ featuredImage: "" }).where(eq(schema.blogPosts.id, fjord.id));
    expect((await deleteMedia(handle.db, store, image.media.id, actor)).kind).toBe("in-use");

    await handle.db
      .update(schema.newsletterIssues)
      .set({ featuredImage: "" })
      .where(eq(schema.newsletterIssues.id, issueId));
    expect(await deleteMedia(handle.db, store, image.media.id, actor)).toEqual({ kind: "deleted" });
    expect(storedFiles()).toEqual([]);
    expect(await listMedia(handle.db, undefined)).toEqual([]);
    expect(await audited("media_deleted")).toEqual([
      expect.objectContaining({ userId: actor.userId, details: expect.objectContaining({ mediaId: image.media.id }) }),
    ]);
  });
});

describe("a case study's gallery", () => {
  it("keeps its images: one shown in a gallery is refused, naming the project, until the gallery lets go", async () => {
    const image = await upload();
    const [item] = await handle.db
      .insert(schema.portfolioItems)
      .values({
        slug: "fjordkart",
        title: "Fjordkart",
        videoMp4: "/m/a.mp4",
        poster: "a.webp",
        posterJpeg: "a.jpg",
        gallery: [{ src: image.url, alt: "Kartet på en telefon" }],
      })
      .returning();
    const refused = await deleteMedia(handle.db, store, image.media.id, actor);
    if (refused.kind !== "in-use") throw new Error("not refused");
    expect(inUseMessage(refused.uses)).toContain("prosjektet «Fjordkart» (galleri)");

    await handle.db.update(schema.portfolioItems).set({ gallery: [] }).where(eq(schema.portfolioItems.id, item!.id));
    expect(await deleteMedia(handle.db, store, image.media.id, actor)).toEqual({ kind: "deleted" });
  });
});

describe("alt text", () => {
  it("set in the library is what the blog's pages and the newsletter e-mail give the image", async () => {
    const image = await upload();
    const lead = await post("Fjord light", { featuredImage: image.url });
    await post("Other news");
    // Before: decorative.
    expect((await withImageAlt(handle.db, await listPublishedPosts(handle.db))).map((p) => p.image_alt)).toEqual([
      "",
      "",
    ]);

    expect(await setMediaAltText(handle.db, image.media.id, "Morning light over the Oslofjord", actor)).toBeDefined();
    const posts = await withImageAlt(handle.db, await listPublishedPosts(handle.db));
    expect(posts.find((p) => p.id === lead.id)!.image_alt).toBe("Morning light over the Oslofjord");
    expect(posts.find((p) => p.id !== lead.id)!.image_alt).toBe("");
    const other = posts.find((p) => p.id !== lead.id)!;
    expect((await withImageAlt(handle.db, await relatedPosts(handle.db, other.id)))[0]!.image_alt).toBe(
      "Morning light over the Oslofjord",
    );

    const issueId = await createIssue(
      handle.db,
      { subject: "Autumn", preheader: "", body: "x", featuredImage: image.url },
      actor,
    );
    const [row] = await handle.db.select().from(schema.newsletterIssues).where(eq(schema.newsletterIssues.id, issueId));
    const mail = await renderIssuePreview(handle.db, row!, { siteUrl: "https://fjordform.test" });
    expect(mail.html).toMatch(/<img[^>]*alt="Morning light over the Oslofjord"/);

    expect(await audited("media_alt_changed")).toEqual([
      expect.objectContaining({ userId: actor.userId, details: expect.objectContaining({ mediaId: image.media.id }) }),
    ]);
  });

  it("of the page or item itself comes first, the library's second; too long is refused with the limit", () => {
    expect(imageAlt("The team at work", "A fjord")).toBe("The team at work");
    expect(imageAlt("  ", "A fjord")).toBe("A fjord");
    expect(imageAlt(undefined, undefined)).toBe("");
    const tooLong = altTextSchema.safeParse({ intent: "alt", altText: "x".repeat(ALT_TEXT_MAX_LENGTH + 1) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(`Alt-teksten kan være høyst ${ALT_TEXT_MAX_LENGTH} tegn.`);
  });
});

describe("the showcase's order", () => {
  it("is set as a whole in one step and /work shows it; a stale list changes nothing", async () => {
    await runSeeds(handle.db);
    const before = (await listPortfolioItems(handle.db, 1)).rows.map((row) => row.id);
    expect(before.length).toBeGreaterThan(2);
    const reversed = [...before].reverse();

    expect(await setPortfolioOrder(handle.db, reversed, actor)).toEqual({ kind: "saved", changed: true });
    expect((await listPortfolioItems(handle.db, 1)).rows.map((row) => row.id)).toEqual(reversed);
    const published = (await listPublishedShowcase(handle.db)).map((item) => item.slug);
    const slugs = new Map((await listPortfolioItems(handle.db, 1)).rows.map((row) => [row.id, row.slug]));
    expect(published).toEqual(reversed.map((id) => slugs.get(id)).filter((slug) => published.includes(slug!)));
    expect(await audited("portfolio_order_set")).toHaveLength(1);

    // Some of them (one page of the list): they swap among their own places, the rest stay.
    const [a, b, ...rest] = reversed;
    expect(await setPortfolioOrder(handle.db, [b!, a!], actor)).toEqual({ kind: "saved", changed: true });
    expect((await listPortfolioItems(handle.db, 1)).rows.map((row) => row.id)).toEqual([b, a, ...rest]);

    // The same order again is no change (and no audit entry).
    expect(await setPortfolioOrder(handle.db, [b!, a!], actor)).toEqual({ kind: "saved", changed: false });
    expect(await audited("portfolio_order_set")).toHaveLength(2);

    // An unknown or repeated id: nothing changes.
    expect(await setPortfolioOrder(handle.db, [a!, "00000000-0000-4000-8000-000000000000"], actor)).toEqual({
      kind: "stale",
    });
    expect(await setPortfolioOrder(handle.db, [a!, a!], actor)).toEqual({ kind: "stale" });
    expect((await listPortfolioItems(handle.db, 1)).rows.map((row) => row.id)).toEqual([b, a, ...rest]);
  });
});

describe("alt text given with an upload (the blog editor's `alt` field)", () => {
  /** A multipart upload request as the editor sends it, with `alt` when given. */
  async function uploadRequest(alt?: string) {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await fixtures.png())], { type: "image/png" }), "diagram.png");
    if (alt !== undefined) form.append("alt", alt);
    return new Request("http://localhost/api/upload-image", { method: "POST", body: form });
  }
  const uploadWith = async (alt?: string) => {
    const { bytes, altText } = await readImageUpload(await uploadRequest(alt));
    return storeImage(handle.db, { bytes, altText, uploadedBy: actor.userId, store });
  };

  it("is stored in the library, trimmed, and is what the library lists", async () => {
    const { media } = await uploadWith("  Skisse av en app på en mobilskjerm  ");
    expect(media.altText).toBe("Skisse av en app på en mobilskjerm");
    const [listed] = await listMedia(handle.db, undefined);
    expect(listed?.altText).toBe("Skisse av en app på en mobilskjerm");
  });

  it("is not needed by the API: without the field the upload is stored as before, with no alt text", async () => {
    const read = await readImageUpload(await uploadRequest());
    expect(read.altText).toBeUndefined();
    const { url, media } = await storeImage(handle.db, { ...read, uploadedBy: actor.userId, store });
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-800\.png$/);
    expect(media.altText).toBe("");
  });

  for (const [label, alt, message] of [
    ["blank", "   ", "Failed to upload image: Skriv en alternativ tekst som beskriver bildet."],
    [
      "too long",
      "x".repeat(ALT_TEXT_MAX_LENGTH + 1),
      `Failed to upload image: Alt-teksten kan være høyst ${ALT_TEXT_MAX_LENGTH} tegn.`,
    ],
  ] as const) {
    it(`${label} is refused with a clear message (400), and nothing is stored`, async () => {
      await expect(uploadWith(alt)).rejects.toMatchObject({ status: 400, message });
      expect(await handle.db.select().from(schema.media)).toHaveLength(0);
      expect(fs.existsSync(path.join(dir, "uploads")) ? storedFiles() : []).toEqual([]);
    });
  }

  it("uses the same limit as the library's form", () => {
    expect(uploadAltSchema.safeParse("x".repeat(ALT_TEXT_MAX_LENGTH)).success).toBe(true);
    expect(altTextSchema.safeParse({ intent: "alt", altText: "x".repeat(ALT_TEXT_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
  });
});

describe("the showcase's videos and posters in the library", () => {
  it("are listed read-only with their project, type, size and time; the site's own files by their size", async () => {
    const key = "showcase/0d6b1c3e-1111-4a4a-9b9b-123456789abc";
    await store.put(`${key}.mp4`, new Uint8Array(4096), { contentType: "video/mp4" });
    await store.put(`${key}.webp`, new Uint8Array(1024), { contentType: "image/webp" });
    await store.put(`${key}.jpg`, new Uint8Array(2048), { contentType: "image/jpeg" });
    const [uploaded] = await handle.db
      .insert(schema.portfolioItems)
      .values({
        slug: "havna",
        title: "Havna",
        videoMp4: `/uploads/${key}.mp4`,
        poster: `/uploads/${key}.webp`,
        posterJpeg: `/uploads/${key}.jpg`,
        posterAlt: "Havna i kveldslys",
      })
      .returning();
    const [shipped] = await handle.db
      .insert(schema.portfolioItems)
      .values({
        slug: "appen",
        title: "Appen",
        videoMp4: "video/showcase-app.mp4",
        poster: "video/showcase-app.webp",
        posterJpeg: "video/showcase-app.jpg",
      })
      .returning();

    const files = await listShowcaseFiles(handle.db, store, undefined);
    const ofUploaded = files.filter((file) => file.itemId === uploaded!.id);
    expect(ofUploaded.map((file) => [file.kind, file.type, file.sizeBytes])).toEqual([
      ["video", "video/mp4", 4096],
      ["poster", "image/webp", 1024],
      ["poster", "image/jpeg", 2048],
    ]);
    for (const file of ofUploaded) {
      expect(file).toMatchObject({ itemTitle: "Havna", thumb: `/uploads/${key}.webp`, posterAlt: "Havna i kveldslys" });
      expect(file.uploadedAt).toBeInstanceOf(Date);
    }
    const shippedVideo = files.find((file) => file.itemId === shipped!.id && file.type === "video/mp4");
    expect(shippedVideo).toMatchObject({ url: "/media/video/showcase-app.mp4", itemTitle: "Appen", uploadedAt: null });
    expect(shippedVideo!.sizeBytes).toBe(fs.statSync("public/media/video/showcase-app.mp4").size);
    // Nothing of theirs is a library upload: the library's delete never reaches them.
    expect(await listMedia(handle.db, undefined)).toEqual([]);
  });
});
