import { Link } from "react-router";
import { editorPath } from "~/lib/blog/post-history-forms";

/**
 * The dashboard's review queue (docs/decisions/066), for editors and owners: the posts
 * authors sent for approval, the oldest first, each opening the editor, where it is
 * published, scheduled or sent back with a comment. Page drafts (decision 071) come with
 * their own `href`, the page editor.
 */
type Item = { id: string; title: string; by: string; submittedAt: string; href?: string };

export function ReviewQueue({ items }: { items: Item[] }) {
  return (
    <section className="review-queue" aria-labelledby="review-queue-heading" data-testid="review-queue">
      <h2 className="section-label" id="review-queue-heading">
        Til godkjenning{items.length ? ` (${items.length})` : ""}
      </h2>
      {items.length === 0 ? (
        <p className="empty">Ingen innlegg eller sider venter på godkjenning.</p>
      ) : (
        <ul className="review-queue-list">
          {items.map((item) => (
            <li key={item.id}>
              <span className="review-queue-title">
                <strong>{item.title}</strong>
                <span className="review-queue-meta">
                  Sendt av {item.by}, {item.submittedAt}
                </span>
              </span>
              <Link to={item.href ?? editorPath(item.id)} className="button button-small">
                Åpne<span className="visually-hidden"> {item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
