import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import type { MediaStore } from "~/lib/media/storage/media-store.server";
import { savePortfolioItem } from "~/lib/showcase/portfolio-admin.server";
import { GALLERY_MESSAGES, portfolioItemSchema } from "~/lib/showcase/showcase-forms";
import { getPublishedCaseStudy } from "~/lib/showcase/showcase.server";
import { receiveShowcaseForm } from "~/lib/showcase/showcase-upload.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// Issue #32: a case study's facts, key figures, credits and gallery, saved through the form
// the back office posts (a streamed multipart body, as the server reads it) and read back
// as the public page reads them. Gallery images are rows of the media library.
const mp4 = fs.readFileSync(path.resolve("public/media/video/showcase-app.mp4"));

let handle: DatabaseHandle;
let dir: string;
let store: MediaStore;
let actor: { userId: string; name: string; ip: string; userAgent: string };
let poster: Buffer;

beforeAll(async () => {
  handle = await createTestDatabase();
  poster = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2a6f6a" } }).jpeg().toBuffer();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "case-study-test-"));
  store = createLocalStore(path.join(dir, "uploads"));
  const user = await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: "a long enough pass" });
  actor = { userId: user.id, name: "Kari", ip: "192.0.2.7", userAgent: "vitest" };
});
afterEach(async () => {
  await truncateAll(handle);
  fs.rmSync(dir, { recursive: true, force: true });
});

const base = {
  title: "Fjordkart",
  client: "A ferry company",
  services: "development",
  result: "Tickets sold in half the time.",
  summary: "A ticket app for a ferry line.",
  posterAlt: "A phone with a ferry ticket.",
  published: "on",
};

/** A library upload with this alt text; its address as the picker offers it. */
async function libraryImage(alt: string) {
  const key = randomUUID();
  await handle.db.insert(schema.media).values({ storageKey: key, mimeType: "image/webp", sizeBytes: 10, altText: alt });
  return `/uploads/${key}-1600.webp`;
}

async function submit(text: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  form.append("video", new Blob([new Uint8Array(mp4)], { type: "video/mp4" }), "film.mp4");
  form.append("poster", new Blob([new Uint8Array(poster)], { type: "image/jpeg" }), "poster.jpg");
  const request = new Request("http://localhost/admin/work/new", { method: "POST", body: form });
  const received = await receiveShowcaseForm(request, { videoMaxBytes: 256 * 1024, spoolDir: path.join(dir, "spool") });
  try {
    const submission = parseWithZod(received.fields, { schema: portfolioItemSchema });
    if (submission.status !== "success") return { formErrors: submission.error };
    return await savePortfolioItem(handle.db, store, { input: submission.value, files: received, actor });
  } finally {
    await received.discard();
  }
}

describe(`case studies on ${engineName()}`, () => {
  it("saves the year, duration, stack, credits and key figures, and the public page reads them", async () => {
    const saved = await submit({
      ...base,
      year: "2025",
      duration: "4 months",
      stack: "React,  PostgreSQL , ,Python",
      figures: "−40 % | time spent on reports\n\n3× | faster ticket checks",
      credits: "Design | Fjord & Form\nFerry data | Norled",
    });
    expect(saved).toMatchObject({ ok: true });
    const found = await getPublishedCaseStudy(handle.db, "fjordkart");
    expect(found?.item).toMatchObject({
      year: 2025,
      duration: "4 months",
      stack: ["React", "PostgreSQL", "Python"],
      figures: [
        { value: "−40 %", label: "time spent on reports" },
        { value: "3×", label: "faster ticket checks" },
      ],
      credits: [
        { role: "Design", name: "Fjord & Form" },
        { role: "Ferry data", name: "Norled" },
      ],
    });
  });

  it("refuses a figure without its label, a fifth figure and a year that is no year, saying why", async () => {
    const bad = await submit({ ...base, year: "20x5", figures: "−40 %\n1 | a\n2 | b\n3 | c\n4 | d" });
    expect(bad).toMatchObject({
      formErrors: {
        year: ["Skriv et årstall, for eksempel 2025."],
        figures: expect.arrayContaining(["Skriv «−40 %» som «tekst | tekst».", "Høyst 4 nøkkeltall."]),
      },
    });
  });

  it("keeps the gallery in order with the alt text given here, else the library's; refuses an image with neither", async () => {
    const harbour = await libraryImage("The harbour at dawn.");
    const ticket = await libraryImage("");
    const refused = await submit({ ...base, "gallery[0].src": harbour, "gallery[1].src": ticket });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { "gallery[1].alt": [GALLERY_MESSAGES.noAlt] } });

    const unknown = await submit({ ...base, "gallery[0].src": "/uploads/00000000-0000-4000-8000-000000000000-1600.webp", "gallery[0].alt": "x" });
    expect(unknown).toMatchObject({ ok: false, fieldErrors: { "gallery[0].src": [GALLERY_MESSAGES.unknown] } });

    const saved = await submit({
      ...base,
      "gallery[0].src": ticket,
      "gallery[0].alt": "A ferry ticket on a phone screen.",
      "gallery[2].src": harbour,
    });
    expect(saved).toMatchObject({ ok: true });
    const found = await getPublishedCaseStudy(handle.db, "fjordkart");
    expect(found?.item.gallery).toEqual([
      { src: ticket, alt: "A ferry ticket on a phone screen." },
      { src: harbour, alt: "The harbour at dawn." },
    ]);
  });

  it("seeds every demo case study with facts, figures, credits and a gallery of 4 to 6 described images", async () => {
    await runSeeds(handle.db);
    const rows = await handle.db.select().from(schema.portfolioItems);
    expect(rows).toHaveLength(9);
    for (const row of rows) {
      expect(row.year, row.slug).toBeGreaterThan(2015);
      expect(row.duration, row.slug).not.toBe("");
      expect(row.stack.length, row.slug).toBeGreaterThan(0);
      expect(row.figures.length, row.slug).toBeGreaterThanOrEqual(2);
      expect(row.credits.length, row.slug).toBeGreaterThan(0);
      expect(row.gallery.length, row.slug).toBeGreaterThanOrEqual(4);
      expect(row.gallery.length, row.slug).toBeLessThanOrEqual(6);
      for (const image of row.gallery) expect(image.alt, row.slug).not.toBe("");
    }
  });
});
