import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { FormNotice } from "~/components/form-notice";
import {
  type PostHistoryForEditor,
  type PreviewLinkResult,
  previewLinksPath,
  revisionsPath,
} from "~/lib/blog/post-history-forms";

/**
 * The editor's history of a post (docs/decisions/052): its latest revisions, each with a
 * link to compare it with the post now (and restore it there), and for a draft its
 * private preview links, made and revoked here by a fetcher, so the text being written
 * stays on screen.
 */
type History = PostHistoryForEditor;

export function PostRevisionsPanel({ postId, history }: { postId: string; history: History }) {
  return (
    <section className="admin-panel post-history" aria-labelledby="post-revisions-heading">
      <h2 id="post-revisions-heading">Versjoner</h2>
      {history.revisions.length === 0 ? (
        <p className="field-hint">Ingen versjoner ennå: innlegget er ikke lagret siden versjoner ble tatt vare på.</p>
      ) : (
        <ol className="post-history-list">
          {history.revisions.map((row) => (
            <li key={row.number}>
              <span>
                <strong>Versjon {row.number}</strong>
                {row.number === history.revision ? " (nå)" : ""} · {row.at} av {row.by}
                {row.restoredFrom !== null ? ` · gjenopprettet fra versjon ${row.restoredFrom}` : ""}
              </span>
              {row.number === history.revision ? null : (
                <Link to={revisionsPath(postId, row.number)}>Se endringer</Link>
              )}
            </li>
          ))}
        </ol>
      )}
      {history.revisionCount > 0 ? (
        <p>
          <Link to={revisionsPath(postId)}>Alle versjoner ({history.revisionCount})</Link>
        </p>
      ) : null}
    </section>
  );
}

export function PreviewLinksPanel({ postId, history }: { postId: string; history: History }) {
  // One fetcher for both forms: the panel shows the answer to the last thing done.
  const fetcher = useFetcher<PreviewLinkResult>({ key: `preview-links-${postId}` });
  const made = fetcher.data?.link;
  const linkField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (made) linkField.current?.select();
  }, [made]);
  if (history.published) return null;
  const busy = fetcher.state !== "idle";
  return (
    <section className="admin-panel post-history" aria-labelledby="preview-links-heading">
      <h2 id="preview-links-heading">Forhåndsvisningslenke</h2>
      <p className="field-hint">
        En privat lenke til utkastet slik det vil se ut, for noen uten konto (for eksempel en kunde som skal godkjenne
        det). Den virker i 7 dager, eller til den trekkes tilbake, og søkemotorer ser den ikke. Lagre endringene dine
        først: lenken viser det som er lagret.
      </p>
      <fetcher.Form method="post" action={previewLinksPath(postId)} className="preview-link-create">
        <input type="hidden" name="intent" value="create-preview-link" />
        <button type="submit" className="button button-small" disabled={busy}>
          Lag ny lenke
        </button>
      </fetcher.Form>
      {made ? (
        <div className="preview-link-made">
          <label htmlFor="preview-link-url">Ny lenke (virker til {made.expiresAt})</label>
          <input id="preview-link-url" ref={linkField} readOnly value={made.url} onFocus={(event) => event.target.select()} />
        </div>
      ) : null}
      <FormNotice data={fetcher.data} />
      {history.previewLinks.length === 0 ? (
        <p>Ingen aktive lenker.</p>
      ) : (
        <ul className="post-history-list" aria-label="Aktive lenker">
          {history.previewLinks.map((link) => (
            <li key={link.id}>
              <span>
                <code>/blog/preview/{link.hint}…</code> laget {link.createdAt} av {link.by}, utløper {link.expiresAt}
              </span>
              <fetcher.Form
                method="post"
                action={previewLinksPath(postId)}
                onSubmit={(event) => {
                  if (!window.confirm("Trekke tilbake lenken? Den som har den, kan ikke lenger åpne utkastet.")) {
                    event.preventDefault();
                  }
                }}
              >
                <input type="hidden" name="intent" value="revoke-preview-link" />
                <input type="hidden" name="link" value={link.id} />
                {/* The browser's dialog is the confirmation; the server insists on it being given. */}
                <input type="hidden" name="confirm" value="on" />
                <button type="submit" className="button button-small button-danger" disabled={busy}>
                  Trekk tilbake
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
