import { z } from "zod";
import { ALT_TEXT_MAX_LENGTH, ALT_TEXT_REQUIRED, ALT_TEXT_TOO_LONG, storageKeyOf } from "../media/media-forms";
import { norwegianFieldMessages, requiredText } from "../platform/text-fields";
import { confirmSchema } from "../platform/confirm-forms";
import { tagsFromText, tagsList, tagsText } from "./post-tags";
import { postTextProblem } from "./post-text/post-text-rules";
import { seoFromForm, seoShape } from "../seo/seo-fields";

/**
 * The blog's staff forms, shared by the browser (Conform), the editor's and the post
 * list's route actions, and the JSON API (POST /api/blog, PUT /api/blog-edit): fields,
 * lengths and messages are stated once, here. Browser-safe: no `.server` imports.
 */
export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;
export const AUTHOR_MAX = 120;
export const CONTENT_MAX = 100_000;
export const SLUG_MAX = 120;
const IMAGE_URL_MAX = 2000;

/** Where the editor is (app/routes.ts mounts it at each; server/body-limit.ts gives each a post's body limit). */
export const BLOG_EDITOR_PATHS: readonly string[] = ["/blog/cms", "/blog/new", "/blog-cms", "/admin/posts/new"];

/** Where the editor's live preview posts its text (staff only; the page's own renderer, decision 050). */
export const POST_PREVIEW_PATH = "/admin/posts";

/** What the API, the editor and the post list say; one text each. */
export const POST_NOT_FOUND = "Fant ikke blogginnlegget";
export const POST_DELETED = "Blogginnlegg slettet!";

const staffText = (label: string, max: number, lines?: "multi") =>
  requiredText({ max, lines }, norwegianFieldMessages(label, max));

/**
 * An image address: an upload or a media file of ours. Other hosts would be blocked by
 * the CSP anyway, and would make visitors' browsers contact a third party.
 */
const imageUrl = z
  .string()
  .trim()
  .max(IMAGE_URL_MAX)
  .refine(
    (value) => value === "" || /^\/(uploads|media)\/[\w./-]+$/.test(value),
    "Bildet må være et opplastet bilde (/uploads/…)",
  );

/** The fields the API and the editor share: title, excerpt, author and content are required. */
const postFields = {
  title: staffText("Tittel", TITLE_MAX),
  excerpt: staffText("Utdrag", EXCERPT_MAX, "multi"),
  author: staffText("Forfatter", AUTHOR_MAX),
  // The text format's limits (decision 050): hostile links, pictures from elsewhere, a line
  // too long, lists nested too deep. Whether a picture is in the library is the server's check.
  content: staffText("Innhold", CONTENT_MAX, "multi").superRefine((value, ctx) => {
    const problem = postTextProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  featured_image: imageUrl.default(""),
  featured: z.boolean().default(false),
  /** Empty: made from the title (with -2, -3… when taken). */
  slug: z.string().trim().max(SLUG_MAX).default(""),
  /** Edit mode only; empty keeps the original date. */
  created_at: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || !Number.isNaN(Date.parse(value)), "Ugyldig dato"),
  /** Optional (decision 051): left out, a save keeps the post's tags. */
  tags: tagsList,
  /** Search-engine fields (docs/decisions/056), each optional: left out, a save keeps the post's. */
  ...seoShape,
};

/** A post as the JSON API takes it (and the domain functions save it). */
export const postInputSchema = z.object({
  ...postFields,
  published: z.boolean().default(true),
});
export type PostInput = z.output<typeof postInputSchema>;

/** "Publiser senere" without a time, or with one that has passed (the server's clock decides). */
export const PUBLISH_AT_REQUIRED = "Velg dato og klokkeslett for publiseringen.";
export const PUBLISH_AT_PAST = "Tidspunktet har allerede vært. Velg et tidspunkt frem i tid.";

/** What the editor's submit buttons send (one form, four buttons): also what tells its busy state from its neighbours'. */
export const POST_EDITOR_INTENTS = ["publish", "draft", "schedule", "submit"] as const;

/**
 * The editor's form: the same fields (the featured box a checkbox, which Conform reads as
 * a boolean), which button was pressed: "Publiser" / "Oppdater og publiser" or "Lagre som
 * utkast", and the image's alt text. That text is the upload's in the media library (a
 * post has none of its own, decision 030), so it is asked for only when the image is an
 * upload; a file shipped with the site has nowhere to keep one.
 */
export const postFormSchema = z
  .object({
    ...postFields,
    /** "submit": "Send til godkjenning", saved as a draft and put in the editors' queue (docs/decisions/066). */
    intent: z.enum(POST_EDITOR_INTENTS),
    image_alt: z.string().trim().max(ALT_TEXT_MAX_LENGTH, ALT_TEXT_TOO_LONG).default(""),
    /** The editor's one box, comma separated (post-tags.ts). */
    tags: tagsText,
    /** "Publiser senere": an Oslo date and time (datetime-local), for intent "schedule" only. */
    publish_at: z.string().trim().max(40).default(""),
    /** Edit mode: the revision the editor opened; a save over a newer one is refused (docs/decisions/052). */
    revision: z.number().int().min(0).optional(),
  })
  .superRefine(({ featured_image, image_alt, intent, publish_at }, ctx) => {
    if (storageKeyOf(featured_image) && !image_alt)
      ctx.addIssue({ code: "custom", path: ["image_alt"], message: ALT_TEXT_REQUIRED });
    if (intent === "schedule" && (!publish_at || Number.isNaN(Date.parse(publish_at))))
      ctx.addIssue({ code: "custom", path: ["publish_at"], message: PUBLISH_AT_REQUIRED });
  });

export type PostFormValue = z.output<typeof postFormSchema>;

/** Line breaks as a text box has them: a form post sends CRLF, the editor's JSON sent LF. */
export const textareaText = (text: string) => text.replace(/\r\n?/g, "\n");

/** The editor form's values as the post to save (the alt text is the image's, saved apart). */
export function postFromForm({ intent, image_alt: _imageAlt, publish_at: _publishAt, revision: _revision, ...fields }: PostFormValue): PostInput {
  return {
    ...fields,
    excerpt: textareaText(fields.excerpt),
    content: textareaText(fields.content),
    tags: tagsFromText(fields.tags),
    // The editor always sends them: an empty box is the default again.
    ...seoFromForm(fields),
    published: intent === "publish",
  };
}

/** What the post list says after the editor saved ("Blogginnlegg publisert!"). */
export function savedToast(mode: "create" | "edit", published: boolean) {
  if (mode === "edit") return "Blogginnlegg oppdatert!";
  return published ? "Blogginnlegg publisert!" : "Utkast lagret!";
}

/** Deleting a post from the list (/blog/manage): which one, and the ticked box. */
export const deletePostSchema = confirmSchema("delete", "Kryss av for å bekrefte slettingen.").extend({
  id: z.uuid(POST_NOT_FOUND),
});

/** The question the browser asks before a post is deleted. */
export const deleteQuestion = (title: string) => `Er du sikker på at du vil slette "${title}"?`;
