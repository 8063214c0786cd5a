import { and, eq, sql } from "drizzle-orm";
import { jobSeeds } from "~/content/jobs";
import { REPLY_SEEDS } from "~/content/reply-templates";
import { showcaseCaseFacts } from "~/content/case-facts";
import { showcaseCaseStudies, showcaseSeed } from "~/content/showcase";
import { type Database, schema } from "./db.server";

/**
 * Seed sets run once per database, each in its own transaction together with the
 * row that records it, so a crash mid-seed leaves nothing half-done and a restart
 * never seeds twice. Add new content as a new named set; never edit a set that may
 * already have run somewhere.
 */
type SeedSet = { name: string; run: (tx: Database) => Promise<void> };

const seedSets: SeedSet[] = [
  {
    name: "portfolio-items-v1",
    run: async (tx) => {
      await tx.insert(schema.portfolioItems).values(showcaseSeed).onConflictDoNothing();
    },
  },
  {
    name: "job-listings-v1",
    run: async (tx) => {
      const jobs = jobSeeds.map((job, sortOrder) => ({ ...job, sortOrder, published: true }));
      await tx.insert(schema.jobListings).values(jobs).onConflictDoNothing();
    },
  },
  {
    // The seeded items become demo case studies; one staff already wrote is left alone.
    name: "portfolio-case-studies-v1",
    run: async (tx) => {
      const p = schema.portfolioItems;
      for (const [slug, study] of Object.entries(showcaseCaseStudies)) {
        await tx
          .update(p)
          .set({ ...study, featured: study.featured ?? false })
          .where(and(eq(p.slug, slug), eq(p.challenge, "")));
      }
    },
  },
  {
    // The demo case studies' facts and galleries (decision 063); an item staff already gave figures is left alone.
    name: "portfolio-case-facts-v1",
    run: async (tx) => {
      const p = schema.portfolioItems;
      for (const [slug, facts] of Object.entries(showcaseCaseFacts)) {
        await tx
          .update(p)
          .set(facts)
          .where(and(eq(p.slug, slug), sql`${p.figures} = '[]'::jsonb`));
      }
    },
  },
  {
    // "Svarmaler" (decision 064): the texts that were code become the stored templates' version 1.
    name: "application-reply-templates-v1",
    run: async (tx) => {
      const rows = Object.entries(REPLY_SEEDS).flatMap(([template, languages]) =>
        Object.entries(languages).map(([language, text]) => ({
          template,
          language: language as keyof typeof languages,
          ...text,
          version: 1,
        })),
      );
      await tx.insert(schema.applicationReplyTemplates).values(rows).onConflictDoNothing();
    },
  },
];

export async function runSeeds(db: Database) {
  for (const set of seedSets) {
    await db.transaction(async (tx) => {
      const done = await tx.select().from(schema.seedRuns).where(eq(schema.seedRuns.name, set.name));
      if (done.length > 0) return;
      await set.run(tx);
      await tx.insert(schema.seedRuns).values({ name: set.name }).onConflictDoNothing();
    });
  }
}
