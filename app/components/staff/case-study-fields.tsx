import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/field-error";
import { TextareaField, TextField } from "~/components/forms/fields";
import { MediaPicker, type MediaChoice } from "~/components/staff/media-picker";
import { ALT_MAX, DURATION_MAX, FIGURES_MAX, GALLERY_SLOTS } from "~/lib/showcase/showcase-forms";

/**
 * The case study's facts and gallery in the showcase form (decision 063): year, duration,
 * stack, credits and key figures as plain fields (lists one a line, "left | right"), and
 * six gallery slots, each a library picker and the alt text the image has here. All of it
 * is ordinary form fields, so the form still works without JavaScript.
 */
// Conform's metadata for the schema's field types: only ids, names, errors and defaults are read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any>;

type Props = {
  fields: { year: Field; duration: Field; stack: Field; credits: Field; figures: Field };
  gallery: Array<{ src: Field; alt: Field }>;
  galleryErrors?: string[];
  galleryErrorId: string;
  /** The images the item shows now, with an address to preview each by. */
  current: Array<{ src: string; url: string }>;
  media: MediaChoice[];
};

export function CaseStudyFields({ fields, gallery, galleryErrors, galleryErrorId, current, media }: Props) {
  return (
    <>
      <fieldset className="list-editor">
        <legend>Fakta om prosjektet</legend>
        <TextField field={fields.year} label="År" type="number" min={1990} max={2100} hint="Året prosjektet ble levert." />
        <TextField field={fields.duration} label="Varighet" maxLength={DURATION_MAX} hint="For eksempel «4 months»." />
        <TextField field={fields.stack} label="Teknologi" hint="Skilt med komma, for eksempel «React, PostgreSQL, Python»." />
        <TextareaField
          field={fields.figures}
          label="Nøkkeltall"
          rows={4}
          hint={`Høyst ${FIGURES_MAX}, ett per linje: tall | hva det måler. For eksempel «−40 % | time spent on reports».`}
        />
        <TextareaField
          field={fields.credits}
          label="Kreditering"
          rows={4}
          hint="Én per linje: rolle | navn. For eksempel «Design | Fjord & Form»."
        />
      </fieldset>

      <fieldset className="list-editor" aria-describedby={galleryErrorId}>
        <legend>Galleri (4–6 bilder i full bredde)</legend>
        <p className="field-hint">
          Velg bildene fra mediebiblioteket. Tom alternativ tekst: bildets egen fra biblioteket brukes.
        </p>
        {gallery.slice(0, GALLERY_SLOTS).map((slot, index) => {
          // The value sent last (after a refused save) or saved: nothing chosen is lost.
          const chosen = typeof slot.src.initialValue === "string" ? slot.src.initialValue : "";
          const preview = media.find((choice) => choice.path === chosen)?.thumb ?? current.find((c) => c.src === chosen)?.url;
          // A seeded or earlier image that is not a library upload stays a choice, so saving keeps it.
          const kept = current.filter((c) => !media.some((choice) => choice.path === c.src));
          const choices = [...kept.map((c) => ({ path: c.src, thumb: c.url, alt: "", label: "Nåværende bilde" })), ...media];
          return (
            <div key={index} className="case-gallery-slot">
              <p className="field-label">Bilde {index + 1}</p>
              {chosen && preview ? <img src={preview} alt="" width={160} height={100} className="editor-preview" /> : null}
              <MediaPicker
                name={slot.src.name}
                choices={choices}
                defaultValue={chosen}
                allowNone
                open={Boolean(slot.src.errors)}
                summary={chosen ? "Bytt bilde" : "Velg bilde"}
              />
              <FieldError id={slot.src.errorId} errors={slot.src.errors} />
              <TextField field={slot.alt} label={`Alternativ tekst, bilde ${index + 1}`} maxLength={ALT_MAX} />
            </div>
          );
        })}
        <FieldError id={galleryErrorId} errors={galleryErrors} />
      </fieldset>
    </>
  );
}
