import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import { useState } from "react";
import { Form } from "react-router";
import { FieldError } from "~/components/field-error";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { JOB_TYPES } from "~/content/jobs";
import { JOB_LIMITS, jobFormFields, jobFormSchema, type JobFormValues } from "~/lib/careers/job-form";
import { slugify } from "~/lib/platform/slug";
import { SeoFields } from "~/components/staff/seo-fields";
import type { MediaChoice } from "~/components/staff/media-picker";

export type { JobFormValues };

export const emptyJob: JobFormValues = {
  title: "",
  slug: "",
  location: "Oslo",
  type: "Full-time",
  department: "",
  description: "",
  responsibilities: [""],
  requirements: [""],
  benefits: [""],
  applyLink: "mailto:jobs@fjordform.no",
  retentionMonths: 6,
  published: true,
};

/**
 * The job listing form (create and edit): one Conform form over the schema the server
 * parses with, so lengths and messages are the same on both sides. The lists' add,
 * remove and move buttons are Conform intents: they work without JavaScript too.
 */
export function JobForm({
  initial,
  lastResult,
  submitLabel,
  media,
}: {
  initial: JobFormValues;
  /** The media library's images, for the share image. */
  media: MediaChoice[];
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const busy = useIsPending({ state: "submitting" });
  const [form, fields] = useForm({
    id: "job-form",
    lastResult,
    defaultValue: initial,
    // From the fields: Conform cannot read constraints through the slug's transform.
    constraint: schemaConstraint(jobFormFields),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobFormSchema }),
  });
  // The slug follows the title until staff edit it themselves.
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(Boolean(initial.slug));
  const shownSlug = slugEdited ? slug : slugify(title);

  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      {form.errors?.length ? (
        <p className="auth-message error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <TextField field={fields.title} label="Tittel *" onChange={(event) => setTitle(event.target.value)} />

      <TextField
        field={fields.slug}
        label="Slug (adresse)"
        maxLength={JOB_LIMITS.slug}
        value={shownSlug}
        onChange={(event) => {
          setSlugEdited(true);
          setSlug(event.target.value);
        }}
        hint={<>/careers/{slugify(shownSlug) || "…"} — lages av tittelen; små bokstaver og bindestreker.</>}
      />

      <div className="cms-row">
        <TextField className="cms-field" field={fields.location} label="Sted *" />
        <SelectField className="cms-field" field={fields.type} label="Type" options={JOB_TYPES} />
        <TextField className="cms-field" field={fields.department} label="Avdeling" />
      </div>

      <TextareaField field={fields.description} label="Beskrivelse *" rows={5} />

      <ListField form={form} meta={fields.responsibilities} label="Ansvarsområder" item="ansvarsområde" />
      <ListField form={form} meta={fields.requirements} label="Krav" item="krav" />
      <ListField form={form} meta={fields.benefits} label="Fordeler" item="fordel" />

      <TextField
        field={fields.applyLink}
        label="Søknadslenke *"
        placeholder="https://… eller mailto:…"
        hint="En https://-lenke sender søkerne dit. En mailto:-adresse gir nettstedets søknadsskjema; nye søknader varsles til den adressen."
      />
      <TextField
        field={fields.retentionMonths}
        type="number"
        min={1}
        max={24}
        label="Behold søknader (måneder)"
        hint="Regnet fra søknaden, eller fra da annonsen ble skjult om det er senere; så slettes de med CV-ene."
      />

      {/* Decision 056: the search result and the shared link; empty fields are the listing's own. */}
      <SeoFields
        fields={{ seo_title: fields.seo_title, seo_description: fields.seo_description, share_image: fields.share_image, noindex: fields.noindex }}
        fallback={{ title, description: (fields.description.value ?? "").slice(0, 160) }}
        path={`/careers/${slugify(shownSlug) || "…"}`}
        media={media}
        imageFallback="standardbildet"
      />

      <CheckboxField className="checkbox" field={fields.published} label={<span>Publisert (vises på /careers)</span>} />

      <button type="submit" className="button" disabled={busy}>
        {busy ? "Lagrer..." : submitLabel}
      </button>
    </Form>
  );
}

/** A list of short texts: add, remove and move items up or down, by mouse or keyboard. */
function ListField({
  form,
  meta,
  label,
  item: noun,
}: {
  form: FormMetadata<JobFormValues, string[]>;
  meta: FieldMetadata<(string | undefined)[] | undefined, JobFormValues, string[]>;
  label: string;
  /** One entry's name, as the buttons say it: "Legg til krav". */
  item: string;
}) {
  const items = meta.getFieldList();
  return (
    <fieldset className="list-editor">
      <legend>{label}</legend>
      <ol>
        {items.map((item, index) => (
          <li key={item.key}>
            <label className="visually-hidden" htmlFor={item.id}>
              {label} punkt {index + 1}
            </label>
            <input {...getInputProps(item, { type: "text" })} key={item.key} maxLength={JOB_LIMITS.listItem} />
            <button
              {...form.reorder.getButtonProps({ name: meta.name, from: index, to: index - 1 })}
              className="icon-button"
              disabled={index === 0}
              aria-label={`Flytt ${label.toLowerCase()} punkt ${index + 1} opp`}
            >
              ↑
            </button>
            <button
              {...form.reorder.getButtonProps({ name: meta.name, from: index, to: index + 1 })}
              className="icon-button"
              disabled={index === items.length - 1}
              aria-label={`Flytt ${label.toLowerCase()} punkt ${index + 1} ned`}
            >
              ↓
            </button>
            <button
              {...form.remove.getButtonProps({ name: meta.name, index })}
              className="icon-button"
              aria-label={`Fjern ${label.toLowerCase()} punkt ${index + 1}`}
            >
              ✕
            </button>
            <FieldError id={item.errorId} errors={item.errors} />
          </li>
        ))}
      </ol>
      <button
        {...form.insert.getButtonProps({ name: meta.name, defaultValue: "" })}
        className="button button-small button-ghost"
      >
        Legg til {noun}
      </button>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
