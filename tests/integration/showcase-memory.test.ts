import { describe, expect, it } from "vitest";
import { schema } from "~/lib/platform/db.server";
import {
  forgetShowcaseLists,
  listFeaturedShowcase,
  listPublishedShowcase,
  rememberShowcaseLists,
} from "~/lib/showcase/showcase.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// A server that listens for content changes keeps the public showcase lists in memory
// (server/startup.ts), so / does not query them on every render; a change forgets them.
const handle = setUpTestDatabase();

const item = (slug: string, title: string) => ({
  slug,
  title,
  status: "published" as const,
  featured: true,
  videoMp4: `/m/${slug}.mp4`,
  poster: `${slug}.webp`,
  posterJpeg: `${slug}.jpg`,
});
const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

describe(`the showcase lists kept in memory (${engineName()})`, () => {
  it("are read once until the showcase changes, then read again", async () => {
    rememberShowcaseLists();
    await handle.db.insert(schema.portfolioItems).values(item("fjordkart", "Fjordkart"));
    expect(titles(await listFeaturedShowcase(handle.db))).toEqual(["Fjordkart"]);

    // Written without the notice a running server hears: the kept list is still sent...
    await handle.db.insert(schema.portfolioItems).values(item("havn", "Havn"));
    expect(titles(await listFeaturedShowcase(handle.db))).toEqual(["Fjordkart"]);
    // ...and no query is made for it at all (a database that fails every query is never asked).
    const failing = () => {
      throw new Error("asked the database");
    };
    expect(titles(await listFeaturedShowcase(failing))).toEqual(["Fjordkart"]);

    // The notice (content_changed, or a staff write in this process) forgets it.
    forgetShowcaseLists();
    expect(titles(await listFeaturedShowcase(handle.db))).toEqual(["Fjordkart", "Havn"]);
    forgetShowcaseLists();
    await handle.db.delete(schema.portfolioItems);
    expect(await listFeaturedShowcase(handle.db)).toEqual([]);
  });

  it("does not keep a list read before a change that came while it was read", async () => {
    rememberShowcaseLists();
    forgetShowcaseLists();
    await handle.db.insert(schema.portfolioItems).values(item("fjordkart", "Fjordkart"));
    const reading = listPublishedShowcase(handle.db);
    forgetShowcaseLists(); // a change announced while the query runs
    await handle.db.insert(schema.portfolioItems).values(item("havn", "Havn"));
    await reading;
    expect(titles(await listPublishedShowcase(handle.db))).toEqual(["Fjordkart", "Havn"]);
  });
});
