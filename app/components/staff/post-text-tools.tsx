import { useEffect, useId, useRef, useState } from "react";
import { PostBody } from "~/components/post-body";
import { type MediaChoice, MediaPicker } from "~/components/staff/media-picker";
import { POST_PREVIEW_PATH } from "~/lib/blog/blog-forms";
import type { PostPreview } from "~/lib/blog/post-text/post-text";

/** How long typing pauses before the preview asks the server again. */
const PREVIEW_DELAY_MS = 350;

/**
 * Beside the editor's text (decision 050): "Sett inn bilde" (a library picture at the
 * cursor), a short format help, and the live preview: the text as the public post renders
 * it (the server's own renderer, POST /admin/posts, shown with the page's
 * PostBody), its word count and reading time, what a save would refuse, and the links it
 * found. Without JavaScript only the help shows; the text box works as before.
 */
export function PostTextTools({
  textareaId,
  content,
  media,
}: {
  textareaId: string;
  content: string;
  media: MediaChoice[];
}) {
  const preview = useLivePreview(content);
  const [pickerKey, setPickerKey] = useState(0);
  const headingId = useId();

  function insertPicture(path: string) {
    const choice = media.find((item) => item.path === path);
    insertAtCursor(textareaId, `![${(choice?.alt ?? "").replace(/[[\]]/g, "")}](${path})`);
    // Closed and cleared again, ready for the next picture.
    setPickerKey((key) => key + 1);
  }

  return (
    <div className="post-tools">
      <div className="post-tools-bar">
        <MediaPicker
          key={pickerKey}
          name="insert_picture"
          choices={media}
          value=""
          onChange={insertPicture}
          summary="Sett inn bilde i teksten"
        />
        <details className="post-format-help">
          <summary>Formatering</summary>
          <ul>
            <li>Hver linje blir et avsnitt.</li>
            <li>
              <code>## Mellomtittel</code> og <code>### Mindre mellomtittel</code>
            </li>
            <li>
              <code>- punkt</code> eller <code>1. punkt</code> gir lister (rykk inn to mellomrom for et nivå til, høyst
              3).
            </li>
            <li>
              <code>&gt; sitat</code>, <code>*kursiv*</code>, <code>**fet**</code>
            </li>
            <li>
              <code>[lenketekst](https://…)</code>: https, http, mailto eller en adresse her (/work/…).
            </li>
            <li>
              <code>![alt-tekst](/uploads/… "bildetekst")</code>: bare bilder fra mediebiblioteket.
            </li>
            <li>HTML vises som tekst.</li>
          </ul>
        </details>
      </div>
      <section className="post-preview" aria-labelledby={headingId} lang="en">
        <div className="post-preview-head" lang="nb">
          <h2 id={headingId}>Forhåndsvisning</h2>
          <p className="post-preview-stats" data-testid="post-stats" aria-live="polite">
            {preview ? `${preview.words} ord · ${preview.minutes} min lesetid` : "…"}
          </p>
        </div>
        {preview?.problems.length ? (
          <ul className="post-preview-problems" role="alert" lang="nb">
            {preview.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {preview ? (
          <PostBody blocks={preview.blocks} pictures={preview.pictures} className="post-body post-preview-body" />
        ) : null}
        <div className="post-preview-links" lang="nb">
          <h3>Lenker i teksten</h3>
          {preview && preview.links.length > 0 ? (
            <ul>
              {preview.links.map((link, index) => (
                <li key={index}>
                  {link.text || "(uten tekst)"}: <span className="post-preview-href">{link.href}</span>
                  {link.allowed ? null : <strong> (ikke tillatt, vises som tekst)</strong>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">Ingen lenker.</p>
          )}
        </div>
      </section>
    </div>
  );
}

/** The server's rendering of the text, asked again when typing pauses; an older answer never replaces a newer one. */
function useLivePreview(content: string) {
  const [preview, setPreview] = useState<PostPreview | null>(null);
  const first = useRef(true);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        try {
          const response = await fetch(POST_PREVIEW_PATH, {
            method: "POST",
            body: new URLSearchParams({ content }),
            signal: controller.signal,
            headers: { Accept: "application/json" },
          });
          // A session that ended answers with the home page: the preview just stops changing.
          if (!response.ok || !response.headers.get("Content-Type")?.includes("application/json")) return;
          setPreview((await response.json()) as PostPreview);
        } catch {
          // Aborted by newer text, or offline: the last preview stays.
        }
      },
      first.current ? 0 : PREVIEW_DELAY_MS,
    );
    first.current = false;
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content]);
  return preview;
}

/** Puts text where the cursor is in the text box, on a line of its own, as if typed (the form hears an input event). */
function insertAtCursor(textareaId: string, snippet: string) {
  const textarea = document.getElementById(textareaId);
  if (!(textarea instanceof HTMLTextAreaElement)) return;
  const { value, selectionStart, selectionEnd } = textarea;
  const before = value.slice(0, selectionStart);
  const after = value.slice(selectionEnd);
  const text = `${before && !before.endsWith("\n") ? "\n" : ""}${snippet}${after.startsWith("\n") ? "" : "\n"}`;
  textarea.focus();
  textarea.setSelectionRange(selectionStart, selectionEnd);
  // The browser's own insertion keeps undo (Ctrl+Z) working; a value set by hand is the fallback.
  if (!document.execCommand?.("insertText", false, text)) {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    setter?.call(textarea, before + text + after);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
