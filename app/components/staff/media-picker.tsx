import { useId } from "react";

/** An image in the library, as the picker offers it (lib/media/media-choices.server.ts). */
export type MediaChoice = { path: string; thumb: string; alt: string; label: string };

type Props = {
  /** The radio group's name: the form field that gets the chosen address. */
  name: string;
  choices: MediaChoice[];
  /** Controlled (the blog editor): the current address and what choosing does. */
  value?: string;
  onChange?: (path: string) => void;
  /** Uncontrolled (a plain form post, the newsletter): the address chosen at first. */
  defaultValue?: string;
  /** Offer "no image" as the first choice. */
  allowNone?: boolean;
  /** Open at first (e.g. after a failed post, to show what was chosen). */
  open?: boolean;
  /** The summary's words before the count; "Velg fra mediebiblioteket" unless told. */
  summary?: string;
};

/**
 * Choosing an image from the media library: a radio group of thumbnails inside a
 * <details>, so it works without JavaScript (a plain form field) and by keyboard (Tab
 * into the group, arrow keys between images, the browser's own focus ring). Each
 * image is named by its alt text, or by its size and date when it has none.
 */
export function MediaPicker({
  name,
  choices,
  value,
  onChange,
  defaultValue,
  allowNone = false,
  open,
  summary = "Velg fra mediebiblioteket",
}: Props) {
  const legend = useId();
  const controlled = onChange !== undefined;
  const radio = (path: string) =>
    controlled
      ? { checked: value === path, onChange: () => onChange(path) }
      : { defaultChecked: (defaultValue ?? "") === path };
  return (
    <details className="media-picker" open={open}>
      <summary>
        {summary} ({choices.length === 1 ? "1 bilde" : `${choices.length} bilder`})
      </summary>
      {choices.length === 0 ? (
        <p className="field-hint">Ingen bilder i biblioteket ennå. Last opp et bilde først.</p>
      ) : (
        <fieldset aria-labelledby={legend}>
          <legend id={legend} className="visually-hidden">
            Bilder i mediebiblioteket
          </legend>
          <ul className="media-picker-grid">
            {allowNone ? (
              <li>
                <label className="media-choice">
                  <input type="radio" name={name} value="" {...radio("")} />
                  <span className="media-choice-none" aria-hidden="true">
                    —
                  </span>
                  <span>Uten bilde</span>
                </label>
              </li>
            ) : null}
            {choices.map((choice) => (
              <li key={choice.path}>
                <label className="media-choice">
                  <input type="radio" name={name} value={choice.path} {...radio(choice.path)} />
                  <img src={choice.thumb} alt="" width={160} height={90} loading="lazy" />
                  <span>{choice.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </details>
  );
}
