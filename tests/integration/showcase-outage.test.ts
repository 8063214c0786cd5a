import { describe, expect, it } from "vitest";
import { type Database, schema } from "~/lib/platform/db.server";
import { listFeaturedShowcase, listPublishedShowcase, listShowcaseForService } from "~/lib/showcase/showcase.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// /, /work and the service pages list the showcase. While the database does not answer,
// the lists last read stand in (else none), so the pages still render their words
// instead of failing (decision 053 does the same for the words themselves).
const handle = setUpTestDatabase();

/** A database whose every query fails, as one does during an outage. */
const downDatabase = new Proxy({} as Database, {
  get() {
    throw new Error("connect ECONNREFUSED");
  },
});
const unreachable = () => {
  throw new Error("connect ECONNREFUSED");
};

describe(`the showcase during a database outage (${engineName()})`, () => {
  it("the lists last read stand in; a list never read is empty, never an error", async () => {
    await handle.db.insert(schema.portfolioItems).values([
      {
        slug: "fjordkart",
        title: "Fjordkart",
        status: "published",
        featured: true,
        services: ["development"],
        videoMp4: "/m/a.mp4",
        poster: "a.webp",
        posterJpeg: "a.jpg",
      },
      { slug: "draft", title: "Utkast", status: "draft", videoMp4: "/m/b.mp4", poster: "b.webp", posterJpeg: "b.jpg" },
    ]);
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
    expect(titles(await listPublishedShowcase(handle.db))).toEqual(["Fjordkart"]);
    expect(titles(await listFeaturedShowcase(() => handle.db))).toEqual(["Fjordkart"]);
    expect(titles(await listShowcaseForService(handle.db, "development"))).toEqual(["Fjordkart"]);

    expect(titles(await listPublishedShowcase(downDatabase))).toEqual(["Fjordkart"]);
    expect(titles(await listFeaturedShowcase(unreachable))).toEqual(["Fjordkart"]);
    expect(titles(await listShowcaseForService(downDatabase, "development"))).toEqual(["Fjordkart"]);
    expect(await listShowcaseForService(unreachable, "production")).toEqual([]);
  });
});
