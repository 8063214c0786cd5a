import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { CheckboxField, TextareaField, TextField } from "~/components/forms/fields";
import { FieldError } from "~/components/field-error";
import { type MediaChoice, MediaPicker } from "~/components/staff/media-picker";
import { siteConfig } from "~/content/site";
import { SEO_DESCRIPTION_RECOMMENDED, SEO_TITLE_RECOMMENDED, seoCount } from "~/lib/seo/seo-fields";

type Field = FieldMetadata<string | undefined>;

type Props = {
  fields: { seo_title: Field; seo_description: Field; share_image: Field; noindex: FieldMetadata<boolean | undefined> };
  /** What an empty field falls back to: the thing's own title and text (live, as staff type them). */
  fallback: { title: string; description: string };
  /** The public address, "/blog/slug", for the preview. */
  path: string;
  media: MediaChoice[];
  /** What an empty share image is: "innleggets bilde", "standardbildet". */
  imageFallback: string;
  /** The description's hint, where it is not optional (a page's own description). */
  descriptionHint?: string;
};

/**
 * The search-engine fields (#26, docs/decisions/056) inside a form of the kit: a title and
 * a description with live counters, a share image from the media library, "hide from
 * search engines", and the search result as it would look. A <details>: closed unless
 * something is set or wrong. Without JavaScript the fields still post; only the counters
 * and the preview stay as they were drawn.
 */
export function SeoFields({ fields, fallback, path, media, imageFallback, descriptionHint }: Props) {
  const [title, setTitle] = useState(String(fields.seo_title.initialValue ?? ""));
  const [description, setDescription] = useState(String(fields.seo_description.initialValue ?? ""));
  const hasErrors = [fields.seo_title, fields.seo_description, fields.share_image, fields.noindex].some(
    (field) => field.errors?.length,
  );
  const set = Boolean(title || description || fields.share_image.initialValue || fields.noindex.initialValue);
  const titleCount = seoCount(title, SEO_TITLE_RECOMMENDED);
  const descriptionCount = seoCount(description, SEO_DESCRIPTION_RECOMMENDED);
  const shownTitle = title.trim() || fallback.title.trim() || "Tittel";
  const shownDescription = description.trim() || fallback.description.trim();
  const [hidden, setHidden] = useState(Boolean(fields.noindex.initialValue));
  // The public address as the root loader has it (SITE_URL).
  const siteUrl = (useRouteLoaderData("root") as { siteUrl?: string } | undefined)?.siteUrl;
  const host = siteUrl ? new URL(siteUrl).host : "fjordform.no";
  return (
    <details className="seo-fields" open={hasErrors || set || undefined}>
      <summary>Søkemotorer og deling</summary>
      <fieldset>
        <legend>Søkemotorer</legend>
        <TextField
          field={fields.seo_title}
          label="Tittel i søkeresultat"
          hint="Tomt felt: sidens egen tittel."
          className="seo-field"
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Counter count={titleCount} />
        <TextareaField
          field={fields.seo_description}
          label="Beskrivelse"
          hint={descriptionHint ?? "Tomt felt: utdraget eller sidens egen beskrivelse."}
          className="seo-field"
          rows={3}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Counter count={descriptionCount} />
        <div className="seo-field">
          <p className="seo-label" id={`${fields.share_image.id}-label`}>
            Delingsbilde
          </p>
          <p className="field-hint">Vises når lenken deles. «Uten bilde»: {imageFallback}.</p>
          <MediaPicker
            name={fields.share_image.name}
            choices={media}
            defaultValue={String(fields.share_image.initialValue ?? "")}
            allowNone
            summary="Velg delingsbilde"
          />
          <FieldError id={fields.share_image.errorId} errors={fields.share_image.errors} />
        </div>
        <CheckboxField
          field={fields.noindex}
          label="Skjul for søkemotorer"
          hint="Siden vises fortsatt for besøkende, men ber søkemotorer om ikke å vise den, og står ikke i sitemap.xml."
          onChange={(event) => setHidden(event.currentTarget.checked)}
        />
        <figure className="seo-preview">
          <figcaption className="field-hint">Forhåndsvisning i søkeresultat</figcaption>
          <p className="seo-preview-url">
            {host}
            {path === "/"
              ? ""
              : path
                  .split("/")
                  .filter(Boolean)
                  .map((part) => ` › ${part}`)}
          </p>
          <p className="seo-preview-title">
            {shownTitle === siteConfig.brand ? shownTitle : `${shownTitle} | ${siteConfig.brand}`}
          </p>
          <p className="seo-preview-description">{shownDescription}</p>
          {hidden ? <p className="seo-preview-hidden">Skjult for søkemotorer</p> : null}
        </figure>
      </fieldset>
    </details>
  );
}

function Counter({ count }: { count: ReturnType<typeof seoCount> }) {
  return (
    <p className={count.over ? "seo-count seo-count-over" : "seo-count"} aria-live="polite">
      {count.text} tegn{count.over ? " – kan bli kuttet i søkeresultatet" : ""}
    </p>
  );
}
