import { and, asc, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type JOB_TYPES } from "~/content/jobs";
import { extendRetentionOnClose } from "../applications/applications.server";
import { type Actor, auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { ConflictError, NotFoundError } from "../platform/domain-errors";
import { isSlug } from "../platform/slug";
import { recordAddressChange, releaseAddress } from "../redirects/redirects.server";
import { type jobInputSchema } from "./job-form";
import { seoColumns } from "../seo/seo.server";

type JobInput = z.output<typeof jobInputSchema>;

/** The listing's columns: the search-engine fields by their column names, the ones left out kept. */
function jobColumns({ seo_title, seo_description, share_image, noindex, ...job }: JobInput) {
  return { ...job, ...seoColumns({ seo_title, seo_description, share_image, noindex }) };
}

export { APPLY_LINK_MESSAGE, jobInputSchema } from "./job-form";

/**
 * Job listings: what /careers shows and what staff publish from /job-cms. The original
 * form only logged its data; here it is validated on the server and stored.
 */
const { jobListings: jobs } = schema;

export type Job = typeof jobs.$inferSelect;

/** What staff are told when the listing they act on was deleted meanwhile (or never was). */
export const JOB_GONE = "Annonsen finnes ikke lenger.";

/** Another listing has that address: a conflict, with the text the slug field shows. */
export class SlugTakenError extends ConflictError {
  constructor(slug: string) {
    super(`Adressen /careers/${slug} brukes allerede av en annen annonse. Velg en annen slug.`);
  }
}

export async function listPublishedJobs(db: Database) {
  return db.select().from(jobs).where(eq(jobs.published, true)).orderBy(asc(jobs.sortOrder), asc(jobs.createdAt));
}

export async function getPublishedJob(db: Database, slug: string) {
  if (!isSlug(slug)) return undefined;
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.slug, slug), eq(jobs.published, true)));
  return job;
}

export async function listAllJobs(db: Database) {
  return db.select().from(jobs).orderBy(desc(jobs.published), asc(jobs.sortOrder), desc(jobs.createdAt));
}

export async function getJob(db: Database, id: string) {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}

async function assertSlugFree(db: Database, slug: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(exceptId ? and(eq(jobs.slug, slug), ne(jobs.id, exceptId)) : eq(jobs.slug, slug));
  if (clash) throw new SlugTakenError(slug);
}

export async function createJob(db: Database, actor: Actor, input: z.output<typeof jobInputSchema>) {
  return db.transaction(async (tx) => {
    await assertSlugFree(tx, input.slug);
    const [job] = await tx.insert(jobs).values(jobColumns(input)).returning();
    // A redirect from this address would now hide nothing: the listing answers there.
    await releaseAddress(tx, `/careers/${job!.slug}`, actor);
    await auditAction(tx, actor, "job_created", { jobId: job!.id, title: job!.title });
    return job!;
  });
}

/** The listing, or a NotFoundError (an id that is not even a UUID is as missing as a deleted one). */
function requireJobId(id: string) {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(JOB_GONE);
}

/** Changes a listing; a changed address leaves a 301 behind (lib/redirects), in the same transaction. */
export async function updateJob(db: Database, actor: Actor, id: string, input: z.output<typeof jobInputSchema>) {
  requireJobId(id);
  return db.transaction(async (tx) => {
    await assertSlugFree(tx, input.slug, id);
    const [before] = await tx
      .select({ slug: jobs.slug, published: jobs.published })
      .from(jobs)
      .where(eq(jobs.id, id))
      .for("update");
    if (!before) throw new NotFoundError(JOB_GONE);
    const [job] = await tx
      .update(jobs)
      .set({ ...jobColumns(input), updatedAt: new Date() })
      .where(eq(jobs.id, id))
      .returning();
    await auditAction(tx, actor, "job_updated", { jobId: id, title: job!.title, published: job!.published });
    const change = { from: `/careers/${before.slug}`, to: `/careers/${job!.slug}`, wasPublic: before.published };
    await recordAddressChange(tx, change, actor);
    return job!;
  });
}

export async function setJobPublished(db: Database, actor: Actor, id: string, published: boolean) {
  requireJobId(id);
  const [job] = await db.update(jobs).set({ published, updatedAt: new Date() }).where(eq(jobs.id, id)).returning();
  if (!job) throw new NotFoundError(JOB_GONE);
  // Closing a listing starts its applications' last stretch: kept its months from now (decision 057).
  if (!published) await extendRetentionOnClose(db, id, job.retentionMonths);
  await auditAction(db, actor, published ? "job_published" : "job_unpublished", { jobId: id, title: job.title });
  return job;
}

export async function deleteJob(db: Database, actor: Actor, id: string) {
  requireJobId(id);
  const [deleted] = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id, title: jobs.title });
  if (!deleted) throw new NotFoundError(JOB_GONE);
  await auditAction(db, actor, "job_deleted", { jobId: id, title: deleted.title });
  return deleted;
}

/** Google's JobPosting employmentType for each of our job types. */
export const EMPLOYMENT_TYPE: Record<(typeof JOB_TYPES)[number], string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
  Freelance: "CONTRACTOR",
};
