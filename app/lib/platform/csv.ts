/**
 * CSV for staff exports, as Excel in Norway opens it: UTF-8 with a byte-order mark (so
 * æøå survive), semicolons between cells (the Norwegian list separator), CRLF line ends,
 * and every cell quoted. A cell that starts with = + - @ (or a tab or carriage return)
 * would be run as a formula by a spreadsheet (CSV injection): it gets a leading ' so it
 * is shown as the text it is.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

export function csvCell(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** A CSV file to download, named `<name>-<today>.csv`, never cached. */
export function csvResponse(csv: string, name: string) {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
