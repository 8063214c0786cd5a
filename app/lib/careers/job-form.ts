import { z } from "zod";
import { JOB_TYPES } from "~/content/jobs";
import { confirmSchema } from "../platform/confirm-forms";
import { slugify } from "../platform/slug";
import { norwegianFieldMessages, multiLine, requiredText, singleLine } from "../platform/text-fields";
import { seoShape } from "../seo/seo-fields";

/**
 * The job listing form's rules, shared by the browser (Conform) and the server: lengths,
 * required fields and messages are stated once, here. Browser-safe: no `.server` imports.
 * Its messages are bokmål like the rest of the staff area (decision 068).
 */
export const JOB_LIMITS = { title: 120, slug: 120, location: 120, department: 120, description: 5000, listItem: 300, listItems: 20 } as const;
export const APPLY_LINK_MESSAGE = "Søknadslenken må være en adresse som begynner med https:// eller mailto:";
/** How long applications to a listing may be kept (decision 057): 6 months unless staff choose otherwise. */
export const RETENTION_MONTHS = { default: 6, min: 1, max: 24 } as const;
export const RETENTION_MESSAGE = `Behold søknader i ${RETENTION_MONTHS.min} til ${RETENTION_MONTHS.max} måneder`;

const text = (label: string, max: number, lines?: "multi") => requiredText({ max, lines }, norwegianFieldMessages(label, max));

/** A list of short texts; the form's empty rows are dropped, not refused. */
const listField = z
  .array(z.string().optional())
  .default([])
  .transform((items) => items.map((item) => item?.trim() ?? "").filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .max(JOB_LIMITS.listItem, `Et punkt kan ha høyst ${JOB_LIMITS.listItem} tegn`)
          .regex(multiLine, "Punktene inneholder tegn som ikke er tillatt"),
      )
      .max(JOB_LIMITS.listItems, `Høyst ${JOB_LIMITS.listItems} punkter per liste`),
  );

const optionalLine = (max: number) => z.string().trim().max(max).regex(singleLine).optional().default("");

const applyLink = z
  .string(APPLY_LINK_MESSAGE)
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === "https:" && Boolean(url.hostname)) || (url.protocol === "mailto:" && url.pathname.includes("@"));
  }, APPLY_LINK_MESSAGE);

const jobFields = z.object({
  title: text("Tittel", JOB_LIMITS.title),
  slug: optionalLine(JOB_LIMITS.slug),
  location: text("Sted", JOB_LIMITS.location),
  type: z.enum(JOB_TYPES, "Velg en stillingstype"),
  department: optionalLine(JOB_LIMITS.department),
  description: text("Beskrivelse", JOB_LIMITS.description, "multi"),
  responsibilities: listField,
  requirements: listField,
  benefits: listField,
  applyLink,
  retentionMonths: z.coerce
    .number<string | number>(RETENTION_MESSAGE)
    .int(RETENTION_MESSAGE)
    .min(RETENTION_MONTHS.min, RETENTION_MESSAGE)
    .max(RETENTION_MONTHS.max, RETENTION_MESSAGE)
    .default(RETENTION_MONTHS.default),
  published: z.boolean().default(true),
  /** Search-engine fields (docs/decisions/056); left out, a save keeps the listing's. */
  ...seoShape,
});

/** An empty slug is made from the title; one that slugifies to nothing is refused. */
function withSlug<T extends z.ZodType<z.output<typeof jobFields>>>(fields: T) {
  return fields
    .transform((job) => ({ ...job, slug: slugify(job.slug || job.title) }))
    .refine((job) => job.slug.length > 0, { message: "Slugen må ha minst én bokstav eller ett siffer", path: ["slug"] });
}

/** A listing as the domain takes it (scripts and tests leave `published` out: published). */
export const jobInputSchema = withSlug(jobFields);

/** The staff form's fields, where an unticked "Published" box sends nothing: hidden. */
export const jobFormFields = jobFields.extend({ published: z.boolean().default(false) });
/** The staff form as the server and the browser parse it. */
export const jobFormSchema = withSlug(jobFormFields);

/** What the form starts from: a stored listing or the empty one (its type is any text). */
export type JobFormValues = Omit<z.input<typeof jobFields>, "type"> & { type: string };

/** The list's row actions (/job-cms): publish or hide a listing, and a confirmed delete. */
export const jobVisibilitySchema = z.object({ intent: z.enum(["publish", "unpublish"]), id: z.string() });
export const deleteJobSchema = confirmSchema("delete", "Kryss av i boksen for å bekrefte slettingen.").extend({ id: z.string() });
export const deleteJobQuestion = (title: string) => `Slette annonsen «${title}»? Dette kan ikke angres.`;
