import { z } from "zod";
import { isSlug, slugify } from "../platform/slug";

/**
 * A post's tags (decision 051): each in slug form, the address of its page
 * (/blog/tag/{tag}) and the word the post shows ("Lokal AI" → "lokal-ai"). Browser-safe:
 * the editor's form, the JSON API and the domain normalise with the same rules.
 */
export const TAGS_MAX = 8;
export const TAG_MAX_LENGTH = 40;
/** What the editor's one text box may hold at most (8 tags of 40 and their commas, with room). */
export const TAGS_TEXT_MAX = 1000;

export const tagPath = (tag: string) => `/blog/tag/${tag}`;

/** Whether `value` could be a tag's address at all (else /blog/tag/… is a 404 without a query). */
export const isTag = (value: string) => value.length <= TAG_MAX_LENGTH && isSlug(value);

export type TagsOutcome = { tags: string[]; error?: undefined } | { tags?: undefined; error: string };

/**
 * Tags as staff typed them (one box, commas between; or the API's list) in slug form:
 * trimmed, lower-case, æ/ø/å spelt out, duplicates and empty ones dropped, in the order
 * typed. A refusal says which tag and why, in Norwegian.
 */
export function normaliseTags(raw: readonly string[]): TagsOutcome {
  const tags: string[] = [];
  for (const typed of raw) {
    const text = typed.trim();
    if (!text) continue;
    const tag = slugify(text.slice(0, 200));
    if (!tag) return { error: `Stikkordet «${text.slice(0, 60)}» må inneholde bokstaver eller tall.` };
    if (tag.length > TAG_MAX_LENGTH)
      return { error: `Stikkordet «${text.slice(0, 60)}» er for langt (høyst ${TAG_MAX_LENGTH} tegn).` };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > TAGS_MAX) return { error: `Høyst ${TAGS_MAX} stikkord per innlegg (du skrev ${tags.length}).` };
  return { tags };
}

const toTags = (raw: readonly string[], ctx: z.RefinementCtx) => {
  const outcome = normaliseTags(raw);
  if (outcome.error !== undefined) {
    ctx.addIssue({ code: "custom", message: outcome.error });
    return z.NEVER;
  }
  return outcome.tags;
};

/** The editor's one box, "design, Lokal AI", as typed; `tagsFromText` makes it ["design", "lokal-ai"]. */
export const tagsText = z
  .string()
  .max(TAGS_TEXT_MAX, `Stikkord kan ha høyst ${TAGS_TEXT_MAX} tegn til sammen.`)
  .default("")
  .superRefine((text, ctx) => {
    const { error } = normaliseTags(text.split(","));
    if (error !== undefined) ctx.addIssue({ code: "custom", message: error });
  });

/** The box's tags (checked by `tagsText`, so never refused here). */
export const tagsFromText = (text: string) => normaliseTags(text.split(",")).tags ?? [];

/** The JSON API's optional `tags`: a list (or one comma-separated text); left out, a save keeps the post's tags. */
export const tagsList = z
  .union([z.array(z.string().max(TAGS_TEXT_MAX)).max(50), z.string().max(TAGS_TEXT_MAX)])
  .transform((value, ctx) => toTags(typeof value === "string" ? value.split(",") : value, ctx))
  .optional();

/** The editor box's text for stored tags. */
export const tagsToText = (tags: readonly string[]) => tags.join(", ");
