import { Link } from "react-router";

/** "← Forrige · Side n av m · Neste →" under a staff list; nothing when there is one page. */
export function Pager({ page, pageCount, link }: { page: number; pageCount: number; link: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Sider">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev">
          ← Forrige
        </Link>
      ) : (
        <span />
      )}
      <span>
        Side {page} av {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={link(page + 1)} rel="next">
          Neste →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
