import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaffTable } from "~/components/staff/list-kit";

/**
 * The versions of a thing staff edit, and one of them beside what is there now: the post
 * revisions page (docs/decisions/052) and a page's history (044) draw the same two tables
 * (decision 069). Each page says its own words: what a version is called, which is current.
 */
export type VersionRow = {
  id: number;
  /** "Versjon 3 (nå), gjenopprettet fra versjon 1". */
  name: string;
  /** "26. nov. 2026 kl. 09:08 av Kari", or how the seed came ("Ved installasjon"). */
  when: string;
  /** The link that shows it beside now, or a word instead (the current one). */
  show: { to: string; label: string } | string;
};

export function VersionTable({ rows, whenLabel, shown }: { rows: readonly VersionRow[]; whenLabel: string; shown?: number }) {
  return (
    <StaffTable
      className="admin-table"
      rows={rows}
      rowProps={(row) => ({ "aria-current": row.id === shown ? "true" : undefined })}
      columns={[
        { label: "Versjon", cell: (row) => row.name },
        { label: whenLabel, cell: (row) => row.when },
        { label: "Vis", cell: (row) => (typeof row.show === "string" ? row.show : <Link to={row.show.to}>{row.show.label}</Link>) },
      ]}
    />
  );
}

export type ComparedField = { name: string; label: string; then: ReactNode; now: ReactNode; changed: boolean };

/**
 * One version's fields beside now's, a row a field (the field's name as the row's head).
 * `markChanged` adds the word "Endret" to a changed row, for tables that also list the same.
 */
export function CompareTable({
  fields,
  thenLabel,
  nowLabel,
  markChanged = false,
  heading,
}: {
  fields: readonly ComparedField[];
  thenLabel: string;
  nowLabel: string;
  markChanged?: boolean;
  /** A heading inside the wrap, above the table (a page's group of fields). */
  heading?: ReactNode;
}) {
  return (
    <div className="table-wrap">
      {heading}
      <table className="admin-table page-compare-table">
        <thead>
          <tr>
            <th scope="col">Felt</th>
            <th scope="col">{thenLabel}</th>
            <th scope="col">{nowLabel}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className={field.changed ? "page-compare-changed" : undefined}>
              <th scope="row" data-label="Felt">
                {field.label}
                {markChanged && field.changed ? <span className="badge">Endret</span> : null}
              </th>
              <td data-label={thenLabel}>{field.then}</td>
              <td data-label={nowLabel}>{field.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
