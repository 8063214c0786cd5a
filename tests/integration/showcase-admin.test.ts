import { sitemapEntries } from "~/lib/site/sitemap.server";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import type { MediaStore } from "~/lib/media/storage/media-store.server";
import {
  deletePortfolioItem,
  listPortfolioItems,
  movePortfolioItem,
  type SaveResult,
  savePortfolioItem,
  setPortfolioPublished,
} from "~/lib/showcase/portfolio-admin.server";
import { FILE_MESSAGES, portfolioItemSchema } from "~/lib/showcase/showcase-forms";
import {
  getPublishedCaseStudy,
  listFeaturedShowcase,
  listPublishedShowcase,
  listShowcaseForService,
} from "~/lib/showcase/showcase.server";
import { receiveShowcaseForm } from "~/lib/showcase/showcase-upload.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// The back office's showcase with real files: the MP4 and WebM shipped in public/media,
// a poster made by sharp, a local media store in a temporary folder, and the form read
// from a streamed multipart body as the server reads it.
const MEDIA = path.resolve("public/media/video");
const mp4 = fs.readFileSync(path.join(MEDIA, "showcase-app.mp4"));
const webm = fs.readFileSync(path.join(MEDIA, "showcase-app.webm"));
const VIDEO_MAX = 256 * 1024; // a small VIDEO_MAX_MB for the tests: the fixtures are ~50 KB

let handle: DatabaseHandle;
let dir: string;
let store: MediaStore;
let spoolDir: string;
let actor: { userId: string; name: string; ip: string; userAgent: string };
let poster: Buffer;

beforeAll(async () => {
  handle = await createTestDatabase();
  poster = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#2a6f6a" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "showcase-test-"));
  store = createLocalStore(path.join(dir, "uploads"));
  spoolDir = path.join(dir, "spool");
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari",
    password: "a long enough pass",
  });
  actor = { userId: user.id, name: "Kari", ip: "192.0.2.7", userAgent: "vitest" };
});
afterEach(async () => {
  await truncateAll(handle);
  fs.rmSync(dir, { recursive: true, force: true });
});

const filesIn = (folder: string): string[] =>
  fs.existsSync(folder)
    ? fs
        .readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

const fields = (overrides: Record<string, string | string[]> = {}) => ({
  title: "Fjordkart",
  client: "A ferry company",
  services: ["development", "design"],
  result: "Tickets sold in half the time.",
  summary: "A ticket app for a ferry line.",
  challenge: "Long queues.\nPaper tickets.",
  approach: "A small app.",
  outcome: "Short queues.",
  posterAlt: "A phone with a ferry ticket.",
  published: "on",
  ...overrides,
});

type FilePart = { bytes: Uint8Array; name: string; type: string };

/** What the browser sends: the text fields first, then the files. */
function formRequest(
  text: Record<string, string | string[]>,
  files: Partial<Record<"video" | "videoWebm" | "poster", FilePart>>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) for (const v of [value].flat()) form.append(name, v);
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return new Request("http://localhost/admin/work/new", { method: "POST", body: form });
}

const videoPart = (bytes: Uint8Array = mp4): FilePart => ({ bytes, name: "film.mp4", type: "video/mp4" });
const posterPart = (): FilePart => ({ bytes: poster, name: "poster.jpg", type: "image/jpeg" });

/** Reads the form as the route does, then saves it; the spooled files are gone afterwards. */
async function submit(request: Request, id?: string): Promise<SaveResult | undefined | { refused: string }> {
  const received = await receiveShowcaseForm(request, { videoMaxBytes: VIDEO_MAX, spoolDir });
  try {
    if (received.refused) return { refused: received.refused.message };
    const submission = parseWithZod(received.fields, { schema: portfolioItemSchema });
    if (submission.status !== "success") throw new Error(`invalid: ${JSON.stringify(submission.error)}`);
    return await savePortfolioItem(handle.db, store, { id, input: submission.value, files: received, actor });
  } finally {
    await received.discard();
  }
}

async function create(
  text = fields(),
  files: Partial<Record<"video" | "videoWebm" | "poster", FilePart>> = { video: videoPart(), poster: posterPart() },
) {
  const result = await submit(formRequest(text, files));
  if (!result || !("ok" in result) || !result.ok) throw new Error(`not saved: ${JSON.stringify(result)}`);
  return result.item;
}

const keyOf = (p: string) => p.replace(/^\/uploads\//, "");
const stored = async (p: string) => (await store.head(keyOf(p))) !== undefined;

async function events(action: string) {
  return handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));
}

describe(`the showcase back office on ${engineName()}`, () => {
  it("creates an item with its MP4, WebM and a re-encoded poster, last in the order, audited", async () => {
    const first = await create(fields({ title: "First" }));
    const item = await create(fields(), {
      video: videoPart(),
      videoWebm: { bytes: webm, name: "f.webm", type: "video/webm" },
      poster: posterPart(),
    });
    expect(item).toMatchObject({
      slug: "fjordkart",
      client: "A ferry company",
      services: ["development", "design"],
      status: "published",
    });
    expect(item.sortOrder).toBe(first.sortOrder + 1);
    for (const p of [item.videoMp4, item.videoWebm!, item.poster, item.posterJpeg]) {
      expect(p).toMatch(/^\/uploads\/showcase\//);
      expect(await stored(p)).toBe(true);
    }
    const read = await store.read(keyOf(item.videoMp4));
    const bytes = Buffer.from(await new Response(read!.body).arrayBuffer());
    expect(bytes.equals(mp4)).toBe(true);
    const webp = await store.read(keyOf(item.poster));
    const meta = await sharp(Buffer.from(await new Response(webp!.body).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1280 });
    expect(filesIn(spoolDir)).toEqual([]);
    const [event] = await events("portfolio_item_created").then((rows) =>
      rows.filter((r) => r.details.itemId === item.id),
    );
    expect(event).toMatchObject({ userId: actor.userId, ipAddress: "192.0.2.7" });
  });

  it("updates the text, keeps the files not sent, replaces a new video and deletes the old one", async () => {
    const item = await create();
    const kept = await submit(formRequest(fields({ title: "Fjordkart 2", slug: "fjordkart" }), {}), item.id);
    expect(kept).toMatchObject({
      ok: true,
      item: { title: "Fjordkart 2", videoMp4: item.videoMp4, poster: item.poster },
    });
    const replaced = await submit(formRequest(fields(), { video: videoPart() }), item.id);
    if (!replaced || !("ok" in replaced) || !replaced.ok) throw new Error("not saved");
    expect(replaced.item.videoMp4).not.toBe(item.videoMp4);
    expect(await stored(replaced.item.videoMp4)).toBe(true);
    expect(await stored(item.videoMp4)).toBe(false);
    expect(await stored(item.poster)).toBe(true);
    expect(await events("portfolio_item_updated")).toHaveLength(2);
    expect(await submit(formRequest(fields(), {}), "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("a case study's search fields are saved from the form; hidden, it leaves the sitemap; cleared, the defaults (decision 056)", async () => {
    const item = await create(
      fields({ title: "Skjult case", seo_title: "Søketittel", seo_description: "Søketekst", noindex: "on" }),
    );
    expect(item).toMatchObject({ seoTitle: "Søketittel", seoDescription: "Søketekst", noindex: true });
    const paths = async () => (await sitemapEntries(handle.db)).map((entry) => entry.path);
    expect(await paths()).not.toContain(`/work/${item.slug}`);
    // The edit form posts the boxes empty and the box unticked: the defaults again.
    const saved = await submit(formRequest(fields({ title: "Skjult case", seo_title: "", seo_description: "" }), {}), item.id);
    expect(saved && "ok" in saved && saved.ok && saved.item).toMatchObject({ seoTitle: "", seoDescription: "", noindex: false });
    expect(await paths()).toContain(`/work/${item.slug}`);
  });

  it("keeps slugs unique, on create and on edit", async () => {
    const item = await create();
    const again = await submit(formRequest(fields(), { video: videoPart(), poster: posterPart() }));
    expect(again).toEqual({
      ok: false,
      fieldErrors: { slug: ["Adressen /work/fjordkart er allerede i bruk. Velg en annen."] },
    });
    const other = await create(fields({ title: "Other" }));
    const clash = await submit(formRequest(fields({ slug: item.slug }), {}), other.id);
    expect(clash).toMatchObject({ ok: false, fieldErrors: { slug: [expect.stringContaining("/work/fjordkart")] } });
    expect(filesIn(path.join(dir, "uploads", "showcase"))).toHaveLength(2 * 3); // two items, nothing from the refusals
  });

  it("requires a poster (and a video) for a new item, and stores nothing without them", async () => {
    expect(await submit(formRequest(fields(), { video: videoPart() }))).toEqual({
      ok: false,
      fieldErrors: { poster: [FILE_MESSAGES.posterRequired] },
    });
    expect(await submit(formRequest(fields(), { poster: posterPart() }))).toEqual({
      ok: false,
      fieldErrors: { video: [FILE_MESSAGES.videoRequired] },
    });
    // A file input left empty: the browser sends an empty part.
    const empty = await submit(
      formRequest(fields(), {
        video: videoPart(),
        poster: { bytes: new Uint8Array(), name: "", type: "application/octet-stream" },
      }),
    );
    expect(empty).toMatchObject({ ok: false, fieldErrors: { poster: [FILE_MESSAGES.posterRequired] } });
    expect(
      await submit(
        formRequest(fields(), { video: videoPart(), poster: { bytes: mp4, name: "p.jpg", type: "image/jpeg" } }),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { poster: [FILE_MESSAGES.posterNotImage] },
    });
    expect(filesIn(path.join(dir, "uploads"))).toEqual([]);
    expect(filesIn(spoolDir)).toEqual([]);
    expect(await handle.db.select().from(schema.portfolioItems)).toEqual([]);
  });

  it("refuses a video that is not an MP4 by its content, whatever its name and type say", async () => {
    const result = await submit(
      formRequest(fields(), { video: { bytes: poster, name: "film.mp4", type: "video/mp4" }, poster: posterPart() }),
    );
    expect(result).toEqual({ refused: FILE_MESSAGES.videoNotMp4 });
    const webmAsMp4 = await submit(
      formRequest(fields(), { video: { bytes: webm, name: "film.mp4", type: "video/mp4" }, poster: posterPart() }),
    );
    expect(webmAsMp4).toEqual({ refused: FILE_MESSAGES.videoNotMp4 });
    expect(filesIn(spoolDir)).toEqual([]);
    expect(filesIn(path.join(dir, "uploads"))).toEqual([]);
  });

  it("stops reading an oversized video while it streams, and leaves no file behind", async () => {
    const boundary = "----showcase-test-boundary";
    const head = Buffer.from(
      Object.entries(fields())
        .flatMap(([name, value]) =>
          [value].flat().map((v) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
        )
        .join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const total = 50 * 1024 * 1024; // far past the limit; never built in memory
    const chunk = 64 * 1024;
    let pulled = 0;
    let sent = 0;
    let spooledWhileStreaming = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        spooledWhileStreaming = Math.max(spooledWhileStreaming, filesIn(spoolDir).length);
        const next = sent === 0 ? Buffer.concat([head, mp4]) : Buffer.alloc(chunk, 7);
        sent += next.length;
        pulled += next.length;
        if (sent > total) controller.close();
        else controller.enqueue(next);
      },
    });
    const request = new Request("http://localhost/admin/work/new", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    const received = await receiveShowcaseForm(request, { videoMaxBytes: VIDEO_MAX, spoolDir });
    expect(received.refused).toEqual({ field: "video", message: FILE_MESSAGES.videoTooLarge(0.25), status: 413 });
    expect(received.fields.get("title")).toBe("Fjordkart"); // the text is kept for the form
    expect(spooledWhileStreaming).toBe(1); // it was being written to disk, not memory
    expect(pulled).toBeLessThan(VIDEO_MAX + head.length + 4 * chunk); // stopped at the limit
    expect(filesIn(spoolDir)).toEqual([]); // and the partial file is gone
    expect(received.video).toBeUndefined();
  });

  it("orders items with Flytt opp/ned, renumbering as it goes, audited", async () => {
    const [a, b, c] = [
      await create(fields({ title: "A" })),
      await create(fields({ title: "B" })),
      await create(fields({ title: "C" })),
    ];
    const order = async () => (await listPortfolioItems(handle.db, 1)).rows.map((r) => r.title);
    expect(await order()).toEqual(["A", "B", "C"]);
    expect(await movePortfolioItem(handle.db, c!.id, "up", actor)).toBe(true);
    expect(await order()).toEqual(["A", "C", "B"]);
    expect(await movePortfolioItem(handle.db, a!.id, "down", actor)).toBe(true);
    expect(await order()).toEqual(["C", "A", "B"]);
    expect(await movePortfolioItem(handle.db, c!.id, "up", actor)).toBe(false);
    expect(await movePortfolioItem(handle.db, b!.id, "down", actor)).toBe(false);
    expect(await movePortfolioItem(handle.db, "not-an-id", "up", actor)).toBeUndefined();
    expect((await listPublishedShowcase(handle.db)).map((i) => i.title)).toEqual(["C", "A", "B"]);
    expect((await events("portfolio_item_moved")).map((e) => e.details)).toEqual([
      { itemId: c!.id, slug: "c", from: 3, to: 2 },
      { itemId: a!.id, slug: "a", from: 1, to: 2 },
    ]);
  });

  it("publishes and unpublishes: the public lists, the featured three, services and the case study follow", async () => {
    const item = await create(fields({ featured: "on", services: ["production"] }));
    await create(fields({ title: "Next" }));
    expect((await getPublishedCaseStudy(handle.db, "fjordkart"))?.next).toMatchObject({ slug: "next", title: "Next" });
    expect((await getPublishedCaseStudy(handle.db, "next"))?.next).toMatchObject({ slug: "fjordkart", title: "Fjordkart" });
    expect((await listFeaturedShowcase(handle.db)).map((i) => i.slug)).toEqual(["fjordkart"]);
    expect((await listShowcaseForService(handle.db, "production")).map((i) => i.slug)).toEqual(["fjordkart"]);
    expect((await listShowcaseForService(handle.db, "design")).map((i) => i.slug)).toEqual(["next"]);

    expect(await setPortfolioPublished(handle.db, item.id, false, actor)).toMatchObject({ status: "draft" });
    expect(await getPublishedCaseStudy(handle.db, "fjordkart")).toBeUndefined();
    expect((await getPublishedCaseStudy(handle.db, "next"))?.next).toBeUndefined();
    expect(await listFeaturedShowcase(handle.db)).toEqual([]);
    expect(await listShowcaseForService(handle.db, "production")).toEqual([]);
    expect((await listPublishedShowcase(handle.db)).map((i) => i.slug)).toEqual(["next"]);

    await setPortfolioPublished(handle.db, item.id, false, actor); // no change, not logged
    await setPortfolioPublished(handle.db, item.id, true, actor);
    expect((await listPublishedShowcase(handle.db)).map((i) => i.slug)).toEqual(["fjordkart", "next"]);
    expect(await events("portfolio_item_unpublished")).toHaveLength(1);
    expect(await events("portfolio_item_published")).toHaveLength(1);
    expect(await getPublishedCaseStudy(handle.db, "no-such-project")).toBeUndefined();
    expect(await getPublishedCaseStudy(handle.db, "../etc")).toBeUndefined();
  });

  it("deletes an item with its files, audited; deleting again finds nothing", async () => {
    const item = await create(fields(), {
      video: videoPart(),
      videoWebm: { bytes: webm, name: "f.webm", type: "video/webm" },
      poster: posterPart(),
    });
    const deleted = await deletePortfolioItem(handle.db, store, item.id, actor);
    expect(deleted?.id).toBe(item.id);
    expect(await handle.db.select().from(schema.portfolioItems)).toEqual([]);
    expect(filesIn(path.join(dir, "uploads"))).toEqual([]);
    expect(await deletePortfolioItem(handle.db, store, item.id, actor)).toBeUndefined();
    expect((await events("portfolio_item_deleted")).map((e) => e.details)).toEqual([
      { itemId: item.id, slug: "fjordkart", title: "Fjordkart" },
    ]);
  });

  it("reads a form that arrives a few bytes at a time (delimiters split across chunks)", async () => {
    const whole = new Uint8Array(
      await formRequest(fields({ title: "Småbiter" }), { video: videoPart(), poster: posterPart() }).arrayBuffer(),
    );
    // The body names its boundary on its first line.
    const own = /^--([^\r]+)\r\n/.exec(Buffer.from(whole.subarray(0, 200)).toString("latin1"))![1]!;
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= whole.length) return controller.close();
        controller.enqueue(whole.slice(offset, offset + 31));
        offset += 31;
      },
    });
    const request = new Request("http://localhost/admin/work/new", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${own}` },
      body,
      duplex: "half",
    } as RequestInit);
    const result = await submit(request);
    expect(result).toMatchObject({ ok: true, item: { title: "Småbiter", slug: "smabiter" } });
    if (!result || !("ok" in result) || !result.ok) return;
    const read = await store.read(keyOf(result.item.videoMp4));
    expect(Buffer.from(await new Response(read!.body).arrayBuffer()).equals(mp4)).toBe(true);
  });

  it("seeds the nine items as complete demo case studies, Dashboard, App and Website featured", async () => {
    await runSeeds(handle.db);
    const items = await listPublishedShowcase(handle.db);
    expect(items).toHaveLength(9);
    for (const item of items) {
      const study = await getPublishedCaseStudy(handle.db, item.slug);
      expect(study?.item.challenge.length, item.slug).toBeGreaterThan(40);
      expect(study?.item.services.length, item.slug).toBeGreaterThan(0);
      expect(study?.item.posterAlt, item.slug).not.toBe("");
    }
    expect((await listFeaturedShowcase(handle.db)).map((i) => i.title)).toEqual(["Dashboard", "App", "Website"]);
    expect(items[0]).toMatchObject({
      videoMp4: "video/showcase-dashboard.mp4",
      poster: "video/showcase-dashboard.webp",
    });
  });
});
