import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { JOB_TYPES } from "~/content/jobs";
import { slugify } from "~/lib/platform/slug";

export type JobFormValues = {
  title: string;
  slug: string;
  location: string;
  type: string;
  department: string;
  description: string;
  responsibilities: string[];
  requirements: string[];
  benefits: string[];
  applyLink: string;
  published: boolean;
};

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
  published: true,
};

type Errors = Partial<Record<keyof JobFormValues | "form", string>>;

/** The job listing form (create and edit), with lists staff can add to, remove from and reorder. */
export function JobForm({
  initial,
  errors,
  submitLabel,
}: {
  initial: JobFormValues;
  errors?: Errors;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [title, setTitle] = useState(initial.title);
  // The slug follows the title until staff edit it themselves.
  const [slug, setSlug] = useState(initial.slug);
  const [slugEdited, setSlugEdited] = useState(Boolean(initial.slug));
  const id = useId();
  const field = (name: keyof JobFormValues) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": errors?.[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof JobFormValues) =>
    errors?.[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;

  return (
    <Form method="post" className="cms-form" noValidate>
      {errors?.form ? (
        <p className="auth-message error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <label htmlFor={`${id}-title`}>Title *</label>
      <input {...field("title")} required value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} />
      {error("title")}

      <label htmlFor={`${id}-slug`}>Slug (address)</label>
      <input
        {...field("slug")}
        value={slugEdited ? slug : slugify(title)}
        onChange={(e) => {
          setSlugEdited(true);
          setSlug(e.target.value);
        }}
        aria-describedby={`${id}-slug-hint`}
      />
      <p id={`${id}-slug-hint`} className="field-hint">
        /careers/{slugify(slugEdited ? slug : title) || "…"} — made from the title; lowercase and hyphens.
      </p>
      {error("slug")}

      <div className="cms-row">
        <div>
          <label htmlFor={`${id}-location`}>Location *</label>
          <input {...field("location")} required defaultValue={initial.location} maxLength={120} />
          {error("location")}
        </div>
        <div>
          <label htmlFor={`${id}-type`}>Type</label>
          <select {...field("type")} defaultValue={initial.type}>
            {JOB_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
          {error("type")}
        </div>
        <div>
          <label htmlFor={`${id}-department`}>Department</label>
          <input {...field("department")} defaultValue={initial.department} maxLength={120} />
        </div>
      </div>

      <label htmlFor={`${id}-description`}>Description *</label>
      <textarea {...field("description")} required rows={5} defaultValue={initial.description} maxLength={5000} />
      {error("description")}

      <ListEditor
        name="responsibilities"
        label="Responsibilities"
        initial={initial.responsibilities}
        error={errors?.responsibilities}
      />
      <ListEditor
        name="requirements"
        label="Requirements"
        initial={initial.requirements}
        error={errors?.requirements}
      />
      <ListEditor name="benefits" label="Benefits" initial={initial.benefits} error={errors?.benefits} />

      <label htmlFor={`${id}-applyLink`}>Apply link *</label>
      <input {...field("applyLink")} required defaultValue={initial.applyLink} placeholder="https://… or mailto:…" />
      {error("applyLink")}

      <label className="checkbox">
        <input type="checkbox" name="published" defaultChecked={initial.published} />
        <span>Published (shown on /careers)</span>
      </label>

      <button type="submit" className="button button-coral" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </button>
    </Form>
  );
}

/** A list of short texts: add, remove and move items up or down, by mouse or keyboard. */
function ListEditor({
  name,
  label,
  initial,
  error,
}: {
  name: string;
  label: string;
  initial: string[];
  error?: string;
}) {
  const [items, setItems] = useState(() => initial.map((text, i) => ({ key: `${i}-${text}`, text })));
  const baseId = useId();
  const update = (next: typeof items) => setItems(next);
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    update(next);
  };
  return (
    <fieldset className="list-editor">
      <legend>{label}</legend>
      <ol>
        {items.map((item, index) => (
          <li key={item.key}>
            <label className="visually-hidden" htmlFor={`${baseId}-${item.key}`}>
              {label} item {index + 1}
            </label>
            <input
              id={`${baseId}-${item.key}`}
              name={name}
              value={item.text}
              maxLength={300}
              onChange={(e) => update(items.map((it) => (it.key === item.key ? { ...it, text: e.target.value } : it)))}
            />
            <button
              type="button"
              className="icon-button"
              onClick={() => move(index, -1)}
              disabled={index === 0}
              aria-label={`Move ${label.toLowerCase()} item ${index + 1} up`}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => move(index, 1)}
              disabled={index === items.length - 1}
              aria-label={`Move ${label.toLowerCase()} item ${index + 1} down`}
            >
              ↓
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => update(items.filter((it) => it.key !== item.key))}
              aria-label={`Remove ${label.toLowerCase()} item ${index + 1}`}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-small button-ghost"
        onClick={() => update([...items, { key: crypto.randomUUID(), text: "" }])}
      >
        Add {label.toLowerCase().replace(/ies$/, "y").replace(/s$/, "")}
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
