import { and, asc, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { JOB_TYPES } from "~/content/jobs";
import { type Actor, auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { multiLine, singleLine } from "../platform/http.server";
import { isSlug, slugify } from "../platform/slug";

/**
 * Job listings: what /careers shows and what staff publish from /job-cms. The original
 * form only logged its data; here it is validated on the server and stored.
 */
const { jobListings: jobs } = schema;

const listField = z
  .array(z.string())
  .default([])
  .transform((items) => items.map((item) => item.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(300, "List items can be at most 300 characters").regex(multiLine))
      .max(20, "At most 20 items per list"),
  );

function required(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`)
    .regex(singleLine, `${label} contains characters that are not allowed`);
}

export const APPLY_LINK_MESSAGE = "The apply link must be a URL starting with https:// or mailto:";

export const jobInputSchema = z
  .object({
    title: required("Title", 120),
    slug: z.string().trim().max(120).default(""),
    location: required("Location", 120),
    type: z.enum(JOB_TYPES, "Choose a job type"),
    department: z.string().trim().max(120).regex(singleLine).default(""),
    description: z.string().trim().min(1, "Description is required").max(5000).regex(multiLine),
    responsibilities: listField,
    requirements: listField,
    benefits: listField,
    applyLink: z
      .string()
      .trim()
      .refine((value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return (
          (url.protocol === "https:" && Boolean(url.hostname)) ||
          (url.protocol === "mailto:" && url.pathname.includes("@"))
        );
      }, APPLY_LINK_MESSAGE),
    published: z.boolean().default(true),
  })
  .transform((job) => ({ ...job, slug: slugify(job.slug || job.title) }))
  .refine((job) => job.slug.length > 0, { message: "The slug needs at least one letter or digit", path: ["slug"] });

export type JobInput = z.input<typeof jobInputSchema>;
export type Job = typeof jobs.$inferSelect;

export class SlugTakenError extends Error {
  constructor(slug: string) {
    super(`The address /careers/${slug} is already used by another listing. Choose another slug.`);
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

export async function createJob(db: Database, input: z.output<typeof jobInputSchema>, actor: Actor) {
  await assertSlugFree(db, input.slug);
  const [job] = await db.insert(jobs).values(input).returning();
  await auditAction(db, actor, "job_created", { jobId: job!.id, title: job!.title });
  return job!;
}

export async function updateJob(db: Database, id: string, input: z.output<typeof jobInputSchema>, actor: Actor) {
  if (!z.uuid().safeParse(id).success) return undefined;
  await assertSlugFree(db, input.slug, id);
  const [job] = await db
    .update(jobs)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  if (job) await auditAction(db, actor, "job_updated", { jobId: id, title: job.title, published: job.published });
  return job;
}

export async function setJobPublished(db: Database, id: string, published: boolean, actor: Actor) {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [job] = await db.update(jobs).set({ published, updatedAt: new Date() }).where(eq(jobs.id, id)).returning();
  if (job) await auditAction(db, actor, published ? "job_published" : "job_unpublished", { jobId: id, title: job.title });
  return job;
}

export async function deleteJob(db: Database, id: string, actor: Actor) {
  if (!z.uuid().safeParse(id).success) return false;
  const [deleted] = await db.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id, title: jobs.title });
  if (deleted) await auditAction(db, actor, "job_deleted", { jobId: id, title: deleted.title });
  return Boolean(deleted);
}

/** Google's JobPosting employmentType for each of our job types. */
export const EMPLOYMENT_TYPE: Record<(typeof JOB_TYPES)[number], string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
  Freelance: "CONTRACTOR",
};

/** Reads the job form: the values (to show again on error) and either the job or the errors. */
export function parseJobForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  const list = (name: string) => form.getAll(name).map(String);
  const values = {
    title: text("title"),
    slug: text("slug"),
    location: text("location"),
    type: text("type"),
    department: text("department"),
    description: text("description"),
    responsibilities: list("responsibilities"),
    requirements: list("requirements"),
    benefits: list("benefits"),
    applyLink: text("applyLink"),
    published: form.get("published") === "on",
  };
  const parsed = jobInputSchema.safeParse(values);
  if (parsed.success) return { ok: true as const, job: parsed.data, values };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors, values };
}
