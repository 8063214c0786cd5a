import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { getPostById, getPublishedPost, savePost, savePostWithImageAlt } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import {
  createPreviewLink,
  listActivePreviewLinks,
  postForPreviewToken,
  PREVIEW_LINK_LIFETIME_MS,
  revokePreviewLink,
} from "~/lib/blog/post-preview-links.server";
import { restorePostRevision } from "~/lib/blog/post-restore.server";
import { compareRevision, currentRevision, listRevisions, StaleRevisionError } from "~/lib/blog/post-revisions.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { seoOfRow } from "~/lib/seo/seo.server";
import { schema } from "~/lib/platform/db.server";
import { ConflictError, NotFoundError } from "~/lib/platform/domain-errors";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Revisions, a save over a newer one, and private preview links (docs/decisions/052).
const handle = setUpTestDatabase();

async function person(email: string, fullName: string) {
  const user = await createUser(handle.db, { email, fullName, password: "a long enough pass" });
  return { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
}

const post = (fields: Record<string, unknown>) =>
  postInputSchema.parse({
    title: "Lokal KI",
    excerpt: "Kort om saken",
    author: "Kari Nordmann",
    content: "Første avsnitt.\nAndre avsnitt.",
    ...fields,
  });

async function auditedActions(action: string) {
  return handle.db
    .select()
    .from(schema.securityEvents)
    .where(eq(schema.securityEvents.action, action as never));
}

describe(`post revisions (${engineName()})`, () => {
  it("keeps a revision of every save, from the editor and from the API, with who and when", async () => {
    const kari = await person("kari@fjordform.test", "Kari Nordmann");
    const ola = await person("ola@fjordform.test", "Ola Hansen");
    const made = await savePost(handle.db, kari, post({ published: false }));
    await savePostWithImageAlt(handle.db, ola, post({ title: "Lokal KI, andre utkast" }), "", made.id);
    await savePost(handle.db, kari, post({ title: "Lokal KI, tredje", content: "Nytt avsnitt." }), made.id); // as PUT /api/blog-edit

    const revisions = await listRevisions(handle.db, made.id);
    expect(revisions.map((row) => [row.number, row.by, row.title, row.published])).toEqual([
      [3, "Kari Nordmann", "Lokal KI, tredje", true],
      [2, "Ola Hansen", "Lokal KI, andre utkast", true],
      [1, "Kari Nordmann", "Lokal KI", false],
    ]);
    expect(revisions.every((row) => row.savedAt instanceof Date)).toBe(true);
    expect(await currentRevision(handle.db, made.id)).toBe(3);
  });

  it("a save that fails keeps no revision (same transaction)", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    await savePost(handle.db, kari, post({ title: "Første", slug: "opptatt" }));
    const second = await savePost(handle.db, kari, post({ title: "Andre" }));
    await expect(
      savePost(handle.db, kari, post({ title: "Andre", slug: "opptatt" }), second.id),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await currentRevision(handle.db, second.id)).toBe(1);
  });

  it("shows what changed against the post now, line by line", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const made = await savePost(handle.db, kari, post({ content: "A\nB\nC" }));
    await savePost(handle.db, kari, post({ title: "Ny tittel", content: "A\nC\nD" }), made.id);
    const comparison = (await compareRevision(handle.db, made.id, 1))!;
    expect(comparison.fields.find((field) => field.field === "title")).toMatchObject({
      then: "Lokal KI",
      now: "Ny tittel",
      changed: true,
    });
    expect(comparison.fields.find((field) => field.field === "author")?.changed).toBe(false);
    expect(comparison.content).toEqual([
      { kind: "same", text: "A" },
      { kind: "removed", text: "B" },
      { kind: "same", text: "C" },
      { kind: "added", text: "D" },
    ]);
    expect(await compareRevision(handle.db, made.id, 9)).toBeUndefined();
  });

  it("restoring a revision saves it as a new one, keeps the address and publication, and is audited", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const made = await savePost(handle.db, kari, post({ title: "Original", content: "Den første teksten." }));
    await savePost(handle.db, kari, post({ title: "Omskrevet", slug: "ny-adresse", content: "En ny tekst." }), made.id);

    const restored = await restorePostRevision(handle.db, kari, made.id, 1);
    expect(restored.revision).toBe(3);
    const live = await getPublishedPost(handle.db, "ny-adresse");
    expect(live).toMatchObject({ title: "Original", content: "Den første teksten.", published: true });
    const revisions = await listRevisions(handle.db, made.id);
    expect(revisions.map((row) => [row.number, row.restoredFrom, row.title])).toEqual([
      [3, 1, "Original"],
      [2, null, "Omskrevet"],
      [1, null, "Original"],
    ]);
    const [event] = await auditedActions("post_revision_restored");
    expect(event?.details).toEqual({ postId: made.id, from: 1, revision: 3 });
    await expect(restorePostRevision(handle.db, kari, made.id, 7)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a revision keeps the post's tags: compared, and restored with the words", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const made = await savePost(handle.db, kari, post({ title: "Merket", tags: ["lokal-ai", "design"] }));
    await savePost(handle.db, kari, post({ title: "Merket", tags: ["design"] }), made.id);

    const compared = await compareRevision(handle.db, made.id, 1);
    expect(compared?.fields.find((field) => field.field === "tags")).toMatchObject({
      label: "Stikkord",
      then: "lokal-ai, design",
      now: "design",
      changed: true,
    });
    await restorePostRevision(handle.db, kari, made.id, 1);
    expect((await getPostById(handle.db, made.id))?.tags).toEqual(["lokal-ai", "design"]);
  });

  it("a revision keeps the post's search fields: compared, and restored with the words", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const seo = {
      seo_title: "Lokal KI i Oslo",
      seo_description: "Hvorfor data blir her.",
      share_image: "/uploads/a-1.png",
      noindex: true,
    };
    const made = await savePost(handle.db, kari, post({ title: "Søk", ...seo }));
    await savePost(
      handle.db,
      kari,
      post({ title: "Søk", seo_title: "", seo_description: "", share_image: "", noindex: false }),
      made.id,
    );

    const compared = await compareRevision(handle.db, made.id, 1);
    const changed = compared?.fields.filter((field) => field.changed).map(({ label, then, now }) => [label, then, now]);
    expect(changed).toEqual([
      ["Tittel i søkeresultat", "Lokal KI i Oslo", "(tomt)"],
      ["Beskrivelse i søkeresultat", "Hvorfor data blir her.", "(tomt)"],
      ["Delingsbilde", "/uploads/a-1.png", "(tomt)"],
      ["Skjult for søkemotorer", "Ja", "Nei"],
    ]);
    await restorePostRevision(handle.db, kari, made.id, 1);
    const [restored] = await handle.db.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, made.id));
    expect(seoOfRow(restored!)).toEqual(seo);
  });

  it("refuses a save over a newer revision, naming who saved it, and writes nothing", async () => {
    const kari = await person("kari@fjordform.test", "Kari Nordmann");
    const ola = await person("ola@fjordform.test", "Ola Hansen");
    const made = await savePost(handle.db, kari, post({}));
    // Both opened revision 1; Ola saves first.
    await savePostWithImageAlt(handle.db, ola, post({ title: "Olas tittel" }), "", made.id, { expectedRevision: 1 });
    const late = savePostWithImageAlt(handle.db, kari, post({ title: "Karis tittel" }), "", made.id, {
      expectedRevision: 1,
    });
    await expect(late).rejects.toBeInstanceOf(StaleRevisionError);
    await expect(late).rejects.toThrow(/Innlegget ble endret av Ola Hansen .*kl\. \d{2}:\d{2}, etter at du åpnet det/);
    expect((await getPostById(handle.db, made.id))?.title).toBe("Olas tittel");
    expect(await currentRevision(handle.db, made.id)).toBe(2);
    // With the newer revision in hand, the save goes through.
    await savePostWithImageAlt(handle.db, kari, post({ title: "Karis tittel" }), "", made.id, { expectedRevision: 2 });
    expect((await getPostById(handle.db, made.id))?.title).toBe("Karis tittel");
  });

  it("two saves of the same revision at once: exactly one goes through", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const made = await savePost(handle.db, kari, post({}));
    const results = await Promise.allSettled(
      ["En", "To", "Tre"].map((title) => savePost(handle.db, kari, post({ title }), made.id, { expectedRevision: 1 })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(
      results.filter((result) => result.status === "rejected" && result.reason instanceof StaleRevisionError),
    ).toHaveLength(2);
    expect(await currentRevision(handle.db, made.id)).toBe(2);
  });
});

describe(`private preview links (${engineName()})`, () => {
  it("opens the draft for anyone with the link; the database keeps only a keyed hash", async () => {
    const kari = await person("kari@fjordform.test", "Kari Nordmann");
    const draft = await savePost(handle.db, kari, post({ title: "Hemmelig utkast", published: false }));
    const link = await createPreviewLink(handle.db, kari, draft.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/blog/preview/${link.token}$`));

    const found = await postForPreviewToken(handle.db, link.token);
    expect(found?.post).toMatchObject({ id: draft.id, title: "Hemmelig utkast", published: false });

    const [row] = await handle.db.select().from(schema.blogPreviewLinks);
    expect(row!.tokenHash).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row!.tokenHint).toBe(link.token.slice(0, 6));
    const [event] = await auditedActions("post_preview_link_created");
    expect(event?.details).toMatchObject({ postId: draft.id, linkId: link.id });
    expect(JSON.stringify(event)).not.toContain(link.token);

    expect(await listActivePreviewLinks(handle.db, draft.id)).toEqual([
      expect.objectContaining({ id: link.id, by: "Kari Nordmann", hint: link.token.slice(0, 6) }),
    ]);
  });

  it("expires after 7 days", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const draft = await savePost(handle.db, kari, post({ published: false }));
    const link = await createPreviewLink(handle.db, kari, draft.id);
    setClockOffset(PREVIEW_LINK_LIFETIME_MS - 60_000);
    expect(await postForPreviewToken(handle.db, link.token)).toBeDefined();
    setClockOffset(PREVIEW_LINK_LIFETIME_MS + 1_000);
    expect(await postForPreviewToken(handle.db, link.token)).toBeUndefined();
    expect(await listActivePreviewLinks(handle.db, draft.id)).toEqual([]);
  });

  it("stops working when revoked (audited); revoking twice or another post's link is refused", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const draft = await savePost(handle.db, kari, post({ published: false }));
    const other = await savePost(handle.db, kari, post({ title: "Annet utkast", published: false }));
    const link = await createPreviewLink(handle.db, kari, draft.id);
    await expect(revokePreviewLink(handle.db, kari, other.id, link.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await postForPreviewToken(handle.db, link.token)).toBeDefined();

    await revokePreviewLink(handle.db, kari, draft.id, link.id);
    expect(await postForPreviewToken(handle.db, link.token)).toBeUndefined();
    await expect(revokePreviewLink(handle.db, kari, draft.id, link.id)).rejects.toBeInstanceOf(NotFoundError);
    const [event] = await auditedActions("post_preview_link_revoked");
    expect(event?.details).toEqual({ postId: draft.id, linkId: link.id });
    const [row] = await handle.db
      .select()
      .from(schema.blogPreviewLinks)
      .where(and(eq(schema.blogPreviewLinks.id, link.id)));
    expect(row?.revokedBy).toBe(kari.userId);
  });

  it("only a draft gets a link; unknown and malformed tokens open nothing", async () => {
    const kari = await person("kari@fjordform.test", "Kari");
    const live = await savePost(handle.db, kari, post({}));
    await expect(createPreviewLink(handle.db, kari, live.id)).rejects.toBeInstanceOf(ConflictError);
    for (const token of ["", "x", "a".repeat(43), "../../etc/passwd", "a".repeat(10_000)]) {
      expect(await postForPreviewToken(handle.db, token)).toBeUndefined();
    }
  });
});
