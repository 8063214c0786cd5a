import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { type Column, StaffTable } from "~/components/staff/list-kit";

/**
 * The staff record kit (#24): what the pages of the records staff work through (a lead in
 * the inbox, an application) repeat. A list of them with unread rows people can scan
 * (#32), the facts at the top of one, and its notes from colleagues. The forms are in
 * record-forms.tsx; the filter bar above a list is list-filters.tsx's.
 */

/** What a list row of a record needs: whether it was opened, and a line of what was sent. */
export type RecordRow = { id: string; unread: boolean; preview: string };

type Sender<Row> = {
  /** The first column's heading ("Fra", "Søker"). */
  label: string;
  href: (row: Row) => string;
  /** Who sent it: the row's link. */
  name: (row: Row) => string;
  /** A second line under the name (the address), left out when it says the same. */
  detail?: (row: Row) => string | undefined;
  /** Further markers before the name ("Ikke verifisert"). */
  badges?: (row: Row) => ReactNode;
};

/**
 * A list of records: the sender's column (unread marker, link, address, a one-line preview
 * of the message) and the page's other columns. An unread row is bold and says "Ulest" in
 * words, so it is found without colour; the card layout under 700 px keeps both.
 */
export function RecordTable<Row extends RecordRow>({
  sender,
  columns,
  rows,
}: {
  sender: Sender<Row>;
  columns: Column<Row>[];
  rows: readonly Row[];
}) {
  const first: Column<Row> = {
    label: sender.label,
    cell: (row) => {
      const detail = sender.detail?.(row);
      return (
        <div className="record-sender">
          {row.unread ? <span className="badge badge-unread">Ulest</span> : null}
          {sender.badges?.(row)}
          <Link to={sender.href(row)}>{sender.name(row)}</Link>
          {detail ? <small className="inbox-email">{detail}</small> : null}
          {row.preview ? <span className="record-preview">{row.preview}</span> : null}
        </div>
      );
    },
  };
  return (
    <StaffTable
      className="admin-table inbox-table"
      rows={rows}
      rowProps={(row) => ({ className: row.unread ? "is-unread" : undefined })}
      columns={[first, ...columns]}
    />
  );
}

export type Fact = { label: string; value: ReactNode; className?: string };

/** The facts of a record as a description list; a fact given as `false` or `null` is left out. */
export function RecordFacts({ facts }: { facts: Array<Fact | false | null | undefined> }) {
  return (
    <dl className="lead-facts">
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact) => (
          <Fragment key={fact.label}>
            <dt>{fact.label}</dt>
            <dd className={fact.className}>{fact.value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

export type NoteItem = { id: string; meta: string; body: string };

/** Notes (or answers sent) one under the other: who and when, then the text as written. */
export function NoteList({ items }: { items: readonly NoteItem[] }) {
  return (
    <ul className="lead-notes">
      {items.map((note) => (
        <li key={note.id}>
          <p className="lead-note-meta">{note.meta}</p>
          <p className="lead-message">{note.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** A record's notes from colleagues: the list (or "Ingen notater ennå."), then the form to add one. */
export function RecordNotes({
  id,
  title,
  notes,
  form,
}: {
  id: string;
  title: string;
  notes: readonly { id: string; authorName: string; written: string; body: string }[];
  form: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {notes.length === 0 ? <p className="empty">Ingen notater ennå.</p> : null}
      <NoteList items={notes.map((note) => ({ id: note.id, meta: `${note.authorName}, ${note.written}`, body: note.body }))} />
      {form}
    </section>
  );
}
