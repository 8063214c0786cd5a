import { getFormProps, useForm, useInputControl } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import { useEffect, useRef, useState } from "react";
import { Form, useBlocker, useNavigate } from "react-router";
import { CheckboxField, TextareaField, TextField } from "~/components/forms/fields";
import { type EditorMessage, FeaturedImageFields, useImageUpload } from "~/components/staff/blog-editor-image";
import type { MediaChoice } from "~/components/staff/media-picker";
import { PostTextTools } from "~/components/staff/post-text-tools";
import { POST_EDITOR_INTENTS, type PostFormValue, postFormSchema } from "~/lib/blog/blog-forms";
import { useIsPending } from "~/components/forms/use-is-pending";
import { slugify } from "~/lib/platform/slug";
import type { FormResult } from "~/lib/platform/form-result";
import { UnsavedText } from "~/components/staff/unsaved-text";
import { SeoFields } from "~/components/staff/seo-fields";
import type { SeoValue } from "~/lib/seo/seo-fields";

/**
 * What the editor's action answers: the form's result, and after a save the list's toast;
 * a save over a colleague's newer one is refused with `stale` and its `error` line
 * (FormResult, decision 048; docs/decisions/052).
 */
export type EditorResult = FormResult & { saved?: string; stale?: true };

type Props = {
  /** False for an author (Skribent): no "Publiser" or "Planlegg", only "Lagre som utkast". */
  canPublish?: boolean;
  mode: "create" | "edit";
  /** The post being edited: the fields' first values. */
  defaults?: {
    title: string;
    excerpt: string;
    author: string;
    featured_image: string;
    /** The image's alt text (the media library's). */
    image_alt: string;
    featured: boolean;
    content: string;
    slug: string;
    /** "design, lokal-ai": the post's tags in the box's form. */
    tags: string;
    /** A scheduled post's time, "2026-12-07T08:00" (Oslo); "" otherwise. */
    publish_at: string;
  } & SeoValue;
  /** Edit mode: the post's date now, "2026-03-15 10:30" (Oslo). */
  createdAtText?: string;
  /** A scheduled post: when it goes live, "7. des. 2026 kl. 08:00" (Oslo). */
  scheduledText?: string;
  media: MediaChoice[];
  actionData?: EditorResult;
  onUnauthorized: () => void;
  /** Edit mode: the post's id (the browser keeps unsaved text per post) and the revision opened. */
  postId?: string;
  revision?: number;
  /** The post waits in the editors' queue (docs/decisions/066): an author's save takes it out. */
  inReview?: boolean;
};

/**
 * The blog editor (/blog/cms and its other addresses): a Conform form over the schema the
 * route action, and the JSON API, parse with. Its submit buttons send the intents of
 * POST_EDITOR_INTENTS ("Publiser", "Lagre som utkast", "Planlegg", "Send til godkjenning").
 */
export function BlogEditorForm({
  mode,
  defaults,
  createdAtText,
  scheduledText,
  media,
  actionData,
  onUnauthorized,
  postId,
  revision,
  canPublish = true,
  inReview = false,
}: Props) {
  const navigate = useNavigate();
  // Busy for the editor's own save only (any of its four buttons), not for the review
  // panel's forms on the same page or a link being followed (decision 075).
  const sending = useIsPending({ intent: POST_EDITOR_INTENTS, state: "submitting" });
  const pending = useIsPending({ intent: POST_EDITOR_INTENTS });
  const [message, setMessage] = useState<EditorMessage | null>(null);
  const [form, fields] = useForm<PostFormValue>({
    id: "blog-editor",
    lastResult: actionData?.result,
    constraint: schemaConstraint(postFormSchema),
    // The date field is there only in edit mode, empty: so its "" is where the form started.
    defaultValue: mode === "edit" ? { ...defaults, created_at: "" } : defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postFormSchema }),
  });
  const image = useInputControl(fields.featured_image);
  const imageAlt = useInputControl(fields.image_alt);
  const uploader = useImageUpload({ onUploaded: image.change, onMessage: setMessage, onUnauthorized });
  // The slug follows the title until someone types in it; an untouched slug is not sent,
  // so the server picks a free one (-2, -3…).
  const [slugEdited, setSlugEdited] = useState(mode === "edit");
  const [slugValue, setSlugValue] = useState(defaults?.slug ?? "");
  const slug = slugEdited ? slugValue : slugify(fields.title.value ?? "");

  // After a save the list says what happened ("Blogginnlegg publisert!").
  const saved = actionData?.saved;
  const leaving = useRef(false);
  useEffect(() => {
    if (!saved) return;
    leaving.current = true;
    navigate("/blog/manage", { state: { toast: saved } });
  }, [saved, navigate]);
  // Field by field: the form's own `dirty` also counts the buttons' intent, the picker's
  // radios and the order of the fields.
  const {
    title,
    slug: slugField,
    excerpt,
    author,
    featured_image,
    image_alt,
    featured,
    content,
    created_at,
    tags,
    publish_at,
  } = fields;
  const { seo_title, seo_description, share_image, noindex } = fields;
  const dirty = [
    title,
    slugField,
    excerpt,
    author,
    featured_image,
    image_alt,
    featured,
    content,
    created_at,
    tags,
    publish_at,
    seo_title,
    seo_description,
    share_image,
    noindex,
  ].some((field) => field.dirty);
  useUnsavedChangesGuard(dirty && !saved, leaving);

  const busy = sending || uploader.uploading;
  // "Laster..." once the server has answered the save, while the page loads what follows:
  // the editor's data again, then (a save that went through: `saved`) the list.
  const saveLabel = sending
    ? mode === "edit"
      ? "Oppdaterer..."
      : "Publiserer..."
    : pending || saved
      ? "Laster..."
      : null;
  return (
    <>
      {message ? (
        <p className={`auth-message ${message.kind}`} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      {form.errors?.length ? (
        <p id={form.errorId} className="auth-message error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <UnsavedText
        formId={form.id}
        update={(name, value) => form.update({ name, value })}
        postId={postId}
        loaded={{ title: defaults?.title ?? "", excerpt: defaults?.excerpt ?? "", content: defaults?.content ?? "" }}
        revision={revision ?? null}
        saved={Boolean(saved)}
      />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="cms-form"
        onSubmit={(event) => {
          setMessage(null);
          form.onSubmit(event);
        }}
      >
        {revision !== undefined ? <input type="hidden" name="revision" value={revision} /> : null}
        <TextField field={title} label="Tittel (Title) *" />
        {/* Not sent while it only follows the title: the server then picks a free one. */}
        <TextField
          field={slugField}
          label="Slug"
          value={slug}
          sent={slugEdited}
          onChange={(e) => {
            setSlugEdited(true);
            setSlugValue(e.target.value);
          }}
          hint={`/blog/${slugify(slug) || "…"}`}
        />
        <TextareaField field={excerpt} label="Utdrag (Excerpt) *" rows={2} />
        <TextField field={author} label="Forfatter (Author) *" />
        <FeaturedImageFields
          field={fields.featured_image}
          value={image.value ?? ""}
          onChange={image.change}
          altField={fields.image_alt}
          alt={imageAlt.value ?? ""}
          onAltChange={imageAlt.change}
          media={media}
          disabled={busy}
          uploader={uploader}
        />
        <CheckboxField field={featured} label={<span>Fremhevet (Featured)</span>} className="checkbox" />
        <div className="post-write">
          <TextareaField
            field={content}
            label="Innhold (Content) *"
            className="post-write-text"
            rows={16}
            hint="Hver linje blir et avsnitt. Se «Formatering» for mellomtitler, lister, lenker og bilder."
          />
          {/* Decision 050: picture insertion, format help, live preview, links found. */}
          <PostTextTools textareaId={content.id} content={content.value ?? ""} media={media} />
        </div>
        <TextField
          field={tags}
          label="Stikkord (Tags)"
          autoComplete="off"
          hint="Skill med komma, for eksempel «design, lokal AI». Høyst 8, hvert på høyst 40 tegn."
        />
        {/* Decision 056: the search result and the shared link; empty fields are the post's own. */}
        <SeoFields
          fields={{ seo_title, seo_description, share_image, noindex }}
          fallback={{ title: fields.title.value ?? "", description: fields.excerpt.value ?? "" }}
          path={`/blog/${slugify(slug) || "…"}`}
          media={media}
          imageFallback="innleggets bilde, ellers standardbildet"
        />
        {mode === "edit" ? (
          <TextField
            field={created_at}
            type="datetime-local"
            label="Opprettet (Created at)"
            hint={`Nå: ${createdAtText}. Tomt felt beholder datoen.`}
          />
        ) : null}
        {/* An author (Skribent) saves drafts only: the server refuses the rest too (decision 059). */}
        {canPublish ? (
          <fieldset className="editor-schedule">
            <legend>Publiser senere</legend>
            <TextField
              field={publish_at}
              type="datetime-local"
              label="Dato og klokkeslett (norsk tid)"
              hint={`${scheduledText ? `Planlagt: ${scheduledText}. ` : ""}Innlegget lagres som utkast og publiseres automatisk på dette tidspunktet.`}
            />
            <button type="submit" name="intent" value="schedule" className="button button-ghost" disabled={busy}>
              Planlegg
            </button>
          </fieldset>
        ) : null}
        <div className="editor-actions">
          {canPublish ? (
            <button type="submit" name="intent" value="publish" className="button" disabled={busy}>
              {saveLabel ?? (mode === "edit" ? "Oppdater og publiser" : "Publiser")}
            </button>
          ) : null}
          {/* An author's way to publishing: saved, then in the editors' queue (docs/decisions/066). */}
          {canPublish ? null : (
            <button type="submit" name="intent" value="submit" className="button" disabled={busy}>
              {inReview ? "Lagre og send til godkjenning" : "Send til godkjenning"}
            </button>
          )}
          <button type="submit" name="intent" value="draft" className="button button-ghost" disabled={busy}>
            Lagre som utkast
          </button>
        </div>
      </Form>
    </>
  );
}

/** Unsaved changes are not lost by a stray click or a closed tab (`leaving` lets a save's own navigation through). */
function useUnsavedChangesGuard(dirty: boolean, leaving: { current: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("Du har endringer som ikke er lagret. Vil du forlate siden?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
