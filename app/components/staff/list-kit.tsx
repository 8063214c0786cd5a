import type { HTMLAttributes, ReactNode } from "react";
import { ListCount } from "~/components/staff/list-filters";
import { Pager } from "~/components/staff/pager";

/**
 * The list kit (#24, decision 055): the shell every staff list page repeats, written once.
 * A list is its count line ("12 henvendelser som passer filteret."), then either the empty
 * state or the rows (a table, or other markup such as the media grid), then the pager.
 * The filter bar (list-filters.tsx) goes above, in the page, as it did.
 */
type CountProps = Parameters<typeof ListCount>[0];

export function StaffList({
  count,
  empty,
  isEmpty,
  pages,
  children,
}: {
  /** The count line; left out where a page says its count its own way. */
  count?: CountProps;
  /** Shown instead of the rows when there are none; without it the rows show even empty. */
  empty?: ReactNode;
  isEmpty?: boolean;
  /** The pager under the list (nothing when everything fits one page). */
  pages?: { page: number; pageCount: number };
  children: ReactNode;
}) {
  return (
    <>
      {count ? <ListCount {...count} /> : null}
      {isEmpty && empty ? <p className="empty">{empty}</p> : children}
      {pages ? <Pager page={pages.page} pageCount={pages.pageCount} /> : null}
    </>
  );
}

export type Column<Row> = {
  /** The column's heading, and every cell's `data-label` (its caption when rows become cards under 700 px). */
  label: string;
  /** A heading only screen readers read (a column of buttons). */
  hideLabel?: boolean;
  /** A column of times: kept on one line beside the sidebar ("26. nov. 2026 kl. 09:08" never in three). */
  time?: boolean;
  cell: (row: Row, index: number) => ReactNode;
};

type RowProps = HTMLAttributes<HTMLTableRowElement> & { id?: string };

/**
 * A staff table: the scrolling wrap, the column heads, one row per item, each cell labelled
 * with its column for the card layout on narrow screens (tables.css).
 */
export function StaffTable<Row extends { id: string | number }>({
  className,
  columns,
  rows,
  rowProps,
  before,
}: {
  /** The table's classes, e.g. "admin-table inbox-table". */
  className: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  /** Attributes of a row's `<tr>` (a class, an id, drag handlers). */
  rowProps?: (row: Row, index: number) => RowProps;
  /** Inside the wrap, above the table (a help text the table points to). */
  before?: ReactNode;
}) {
  return (
    <div className="table-wrap">
      {before}
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id} {...rowProps?.(row, index)}>
              {columns.map((column) => (
                <td data-label={column.label} key={column.label} className={column.time ? "cell-time" : undefined}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
