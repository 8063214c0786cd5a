import { describe, expect, it } from "vitest";
import type { Database } from "~/lib/platform/db.server";
import { forgetPostTexts, publishedPostDocument } from "~/lib/blog/post-text/post-text.server";

// Texts without pictures never reach the database (libraryPictures returns at once).
const noDatabase = new Proxy(
  {},
  {
    get: () => {
      throw new Error("no database in this test");
    },
  },
) as Database;
const id = "5a4e6f0c-7d1b-4c3e-9f2a-1b2c3d4e5f60";

describe("publishedPostDocument (a post's text kept per version, decision 078)", () => {
  it("shows a saved text at once: a post whose text changed is parsed again", async () => {
    forgetPostTexts();
    const first = await publishedPostDocument(noDatabase, { id, content: "## Before\nOne line." }, undefined);
    const again = await publishedPostDocument(noDatabase, { id, content: "## Before\nOne line." }, undefined);
    const saved = await publishedPostDocument(noDatabase, { id, content: "## After\nTwo *lines*." }, undefined);
    expect(again.blocks).toBe(first.blocks); // kept, not parsed again
    expect(first.blocks[0]).toEqual({ type: "heading", level: 2, children: [{ type: "text", value: "Before" }] });
    expect(saved.blocks[0]).toEqual({ type: "heading", level: 2, children: [{ type: "text", value: "After" }] });
    expect(saved.words).toBe(3);
  });

  it("keeps posts apart by id, and forgets them all on a content change", async () => {
    forgetPostTexts();
    const other = "6b5f7a1d-8e2c-4d4f-8a3b-2c3d4e5f6a71";
    const a = await publishedPostDocument(noDatabase, { id, content: "Same text." }, undefined);
    const b = await publishedPostDocument(noDatabase, { id: other, content: "Other text." }, undefined);
    expect(b.blocks).not.toBe(a.blocks);
    forgetPostTexts();
    const c = await publishedPostDocument(noDatabase, { id, content: "Same text." }, undefined);
    expect(c.blocks).not.toBe(a.blocks);
    expect(c.blocks).toEqual(a.blocks);
  });
});
