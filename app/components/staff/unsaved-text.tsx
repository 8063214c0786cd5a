import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";

/**
 * Nothing typed is lost (docs/decisions/052): while someone writes, the editor keeps the
 * title, excerpt and content in this browser (localStorage, one entry per post, "new" for
 * a new one), and after a reload, a lost session or a crash it offers them back. The
 * entry goes once the post is saved. Only these three fields: they are where the work is,
 * and the rest is quickly set again.
 */
const FIELDS = ["title", "excerpt", "content"] as const;
type Field = (typeof FIELDS)[number];
export type KeptText = Record<Field, string> & { at: string; revision: number | null };

export const keptTextKey = (postId: string | undefined) => `fjordform:blog-editor:${postId ?? "new"}`;

function readKept(key: string): KeptText | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<KeptText>;
    if (FIELDS.some((field) => typeof value[field] !== "string") || typeof value.at !== "string") return null;
    return value as KeptText;
  } catch {
    return null; // storage off (private mode) or an entry from elsewhere: nothing to offer
  }
}

function writeKept(key: string, value: KeptText | null) {
  try {
    if (value) window.localStorage.setItem(key, JSON.stringify(value));
    else window.localStorage.removeItem(key);
  } catch {
    // A full or disabled storage: the text is still on screen; nothing else to do.
  }
}

const noSubscription = () => () => {};

const keptAt = (iso: string) =>
  new Intl.DateTimeFormat("nb-NO", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Oslo" }).format(new Date(iso));

type Props = {
  /** The editor form's id, and how to set one of its fields (Conform's `form.update`). */
  formId: string;
  update: (name: Field, value: string) => void;
  /** The post's id; undefined for a new post. */
  postId: string | undefined;
  /** The fields as the server gave them: an entry equal to them is nothing to offer. */
  loaded: Record<Field, string>;
  /** The revision the editor opened (edit mode). */
  revision: number | null;
  /** The save went through: the entry is no longer needed. */
  saved: boolean;
};

export function UnsavedText({ formId, update, postId, loaded, revision, saved }: Props) {
  const key = keptTextKey(postId);
  // The browser's storage is read once the page is hydrated (the server has none).
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const found = useMemo(() => (hydrated ? readKept(key) : null), [hydrated, key]);
  const [dismissed, setDismissed] = useState(false);
  // The server's first answer: what the editor opened with (a revalidation does not change the form).
  const [opened] = useState(loaded);
  const offer = !dismissed && found && FIELDS.some((field) => found[field] !== opened[field]) ? found : null;
  // Until the person has answered the offer, typing must not overwrite what it offers.
  const answered = useRef(false);
  useEffect(() => {
    answered.current = hydrated && !offer;
  }, [hydrated, offer]);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      if (!answered.current) return;
      const value = (name: Field) => {
        const field = element.elements.namedItem(name);
        return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
      };
      const current = { title: value("title"), excerpt: value("excerpt"), content: value("content") };
      const changed = FIELDS.some((field) => current[field].replace(/\r\n?/g, "\n") !== opened[field]);
      writeKept(key, changed ? { ...current, at: new Date().toISOString(), revision } : null);
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(keep, 400);
    };
    element.addEventListener("input", soon);
    // Before a save leaves the page, and when the tab goes away: what is typed is kept now.
    element.addEventListener("submit", keep);
    window.addEventListener("pagehide", keep);
    return () => {
      clearTimeout(timer);
      element.removeEventListener("input", soon);
      element.removeEventListener("submit", keep);
      window.removeEventListener("pagehide", keep);
    };
  }, [formId, key, revision, opened]);

  useEffect(() => {
    if (saved) writeKept(key, null);
  }, [saved, key]);

  if (!offer) return null;
  const olderBase = offer.revision !== null && revision !== null && offer.revision !== revision;
  return (
    <div className="kept-text admin-panel" role="status">
      <p>
        <strong>Du har ulagrede endringer fra {keptAt(offer.at)}.</strong> Tittel, utdrag og innhold slik du skrev dem er
        tatt vare på i denne nettleseren.
        {olderBase
          ? " Innlegget er lagret på nytt siden da: se versjonene under før du lagrer, så du ikke skriver over en kollegas endringer."
          : ""}
      </p>
      <div className="editor-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            for (const field of FIELDS) update(field, offer[field]);
            setDismissed(true);
          }}
        >
          Gjenopprett teksten
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={() => {
            writeKept(key, null);
            setDismissed(true);
          }}
        >
          Forkast
        </button>
      </div>
    </div>
  );
}
