import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { Form } from "react-router";
import { FieldError } from "~/components/field-error";
import { SeoFields } from "~/components/staff/seo-fields";
import type { MediaChoice } from "~/components/staff/media-picker";
import type { SeoValue } from "~/lib/seo/seo-fields";
import { CheckboxField, TextareaField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { CaseStudyFields } from "~/components/staff/case-study-fields";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import {
  BODY_MAX,
  GALLERY_SLOTS,
  portfolioDeleteSchema,
  portfolioItemSchema,
  SERVICE_NAMES,
  SERVICE_SLUGS,
} from "~/lib/showcase/showcase-forms";

/**
 * The showcase item form (/admin/work/new, /admin/work/:id): a Conform form over the
 * schema the server parses with. The files go last in the form (keep them there), so the
 * server has every text field before the first video byte arrives, and a file it refuses
 * while it streams in never costs the text typed above it.
 */
export type PortfolioFormValues = {
  title: string;
  slug: string;
  client: string;
  services: string[];
  result: string;
  summary: string;
  challenge: string;
  approach: string;
  outcome: string;
  posterAlt: string;
  featured: boolean;
  published: boolean;
  year: string;
  duration: string;
  /** Comma-separated, and "left | right" lines: as the form shows them (decision 063). */
  stack: string;
  credits: string;
  figures: string;
  gallery: Array<{ src: string; alt: string }>;
} & Partial<SeoValue>;


type Props = {
  defaults?: PortfolioFormValues;
  lastResult?: SubmissionResult<string[]>;
  /** Set on an existing item: files may be left empty (the current ones stay). */
  current?: { video: string; webm: boolean; posterUrl: string };
  videoMaxMb: number;
  submitLabel: string;
  /** The media library's images, for the share image and the gallery. */
  media: MediaChoice[];
  /** The gallery's images now, with preview addresses (seeded ones are no library uploads). */
  galleryNow?: Array<{ src: string; url: string }>;
};

export function PortfolioForm({ defaults, lastResult, current, videoMaxMb, submitLabel, media, galleryNow = [] }: Props) {
  // The delete form beside it sends intent=delete; this one sends no intent.
  const busy = useIsPending({ intent: null });
  const [form, fields] = useSchemaForm("portfolio-form", portfolioItemSchema, {
    lastResult,
    // A ticked checkbox's value is "on", as the browser sends it.
    defaultValue: {
      ...defaults,
      featured: defaults?.featured ? "on" : undefined,
      published: defaults && !defaults.published ? undefined : "on",
      // Always six slots, the saved images first.
      gallery: Array.from({ length: GALLERY_SLOTS }, (_, index) => defaults?.gallery[index] ?? { src: "", alt: "" }),
    },
  });
  const gallery = fields.gallery.getFieldList().map((slot) => slot.getFieldset());
  const text = (name: "challenge" | "approach" | "outcome", label: string) => (
    <TextareaField field={fields[name]} label={label} rows={5} maxLength={BODY_MAX} />
  );
  // The files are not in the schema: their errors come from the server's answer.
  const fileError = (name: "video" | "videoWebm" | "poster") => (
    <FieldError id={`portfolio-form-${name}-error`} errors={form.allErrors[name]} />
  );
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="cms-form">
      <FieldError id={form.errorId} errors={form.errors} />
      <TextField field={fields.title} label="Tittel" />

      <TextField
        field={fields.slug}
        label="Adresse (/work/…)"
        hint="Tom: lages av tittelen. Små bokstaver a–z, tall og bindestrek."
      />

      <TextField field={fields.client} label="Kunde eller bransje" />

      <fieldset className="list-editor" aria-describedby={fields.services.errorId}>
        <legend>Tjenester</legend>
        {getCollectionProps(fields.services, { type: "checkbox", options: SERVICE_SLUGS }).map((props) => (
          <label key={props.key} className="checkbox-label">
            <input {...props} key={props.key} />
            {SERVICE_NAMES[props.value]}
          </label>
        ))}
        <FieldError id={fields.services.errorId} errors={fields.services.errors} />
      </fieldset>

      <TextField field={fields.result} label="Resultat (én linje)" />

      <TextareaField field={fields.summary} label="Sammendrag" rows={3} />

      <p className="field-hint">Casestudien: ett avsnitt per linje, vist som ren tekst.</p>
      {text("challenge", "Utfordringen")}
      {text("approach", "Fremgangsmåten")}
      {text("outcome", "Resultatet")}

      <CaseStudyFields
        fields={{ year: fields.year, duration: fields.duration, stack: fields.stack, credits: fields.credits, figures: fields.figures }}
        gallery={gallery}
        galleryErrors={fields.gallery.errors}
        galleryErrorId={fields.gallery.errorId}
        current={galleryNow}
        media={media}
      />

      {/* Decision 056: the search result and the shared link; empty fields are the case study's own. */}
      <SeoFields
        fields={{ seo_title: fields.seo_title, seo_description: fields.seo_description, share_image: fields.share_image, noindex: fields.noindex }}
        fallback={{
          title: `${fields.title.value ?? ""}: ${fields.client.value ?? ""}`,
          description: (fields.summary.value ?? "").slice(0, 160),
        }}
        path={`/work/${fields.slug.value || "…"}`}
        media={media}
        imageFallback="plakatbildet"
      />

      <CheckboxField field={fields.featured} label="Fremhevet på forsiden (de tre første fremhevede vises)" />
      <CheckboxField field={fields.published} label="Publisert (vises på /work og sin egen side)" />

      <fieldset className="list-editor">
        <legend>Video og plakatbilde</legend>
        {current ? (
          <p className="field-hint">
            Nå: <code>{current.video}</code>
            {current.webm ? " (med WebM)" : ""}. La feltene stå tomme for å beholde filene.
          </p>
        ) : null}
        <TextField field={fields.posterAlt} label="Alternativ tekst (hva videoen viser)" />
        <label htmlFor="portfolio-video">Video (MP4, høyst {videoMaxMb} MB)</label>
        <input id="portfolio-video" name="video" type="file" accept="video/mp4" required={!current} />
        {fileError("video")}
        <label htmlFor="portfolio-webm">Video i WebM (valgfri, høyst {videoMaxMb} MB)</label>
        <input id="portfolio-webm" name="videoWebm" type="file" accept="video/webm" />
        {fileError("videoWebm")}
        {current ? <img src={current.posterUrl} alt="" width={320} height={200} className="editor-preview" /> : null}
        <label htmlFor="portfolio-poster">Plakatbilde (JPEG, PNG, WebP eller GIF, høyst 5 MB)</label>
        <input id="portfolio-poster" name="poster" type="file" accept="image/jpeg,image/png,image/webp,image/gif" required={!current} />
        {fileError("poster")}
      </fieldset>

      <div className="editor-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Lagrer …" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** Deleting an item: a ticked box, then the browser's dialog (the box alone without JavaScript). */
export function PortfolioDeleteForm({ title, lastResult }: { title: string; lastResult?: SubmissionResult<string[]> }) {
  return (
    <ConfirmedActionForm
      intent="delete"
      schema={portfolioDeleteSchema}
      actionData={lastResult ? { intent: "delete", result: lastResult } : undefined}
      checkboxLabel="Jeg vil slette prosjektet, videoen og plakatbildet"
      question={`Slette «${title}» med video og bilde for godt? Dette kan ikke angres.`}
      button="Slett prosjektet"
      danger
      id="portfolio-delete-form"
    />
  );
}
