import { Link, useSearchParams } from "react-router";

/** "← Forrige · Side 2 av 5 · Neste →" under a staff list; keeps the list's other query parameters. */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set("page", String(to));
    else next.delete("page");
    const search = next.toString();
    return search ? `?${search}` : ".";
  };
  return (
    <nav className="pager" aria-label="Sider">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} rel="prev">
          ← Forrige
        </Link>
      ) : (
        <span />
      )}
      <span>
        Side {page} av {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageLink(page + 1)} rel="next">
          Neste →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
