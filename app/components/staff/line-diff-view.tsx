import type { DiffLine } from "~/lib/blog/line-diff";

/**
 * A text's changes line by line (lib/blog/line-diff.ts): removed lines struck through
 * with "−", added ones with "+", unchanged ones plain. The signs and the hidden words say
 * it to a screen reader and in print, not only the colours.
 */
export function LineDiffView({ lines, label }: { lines: DiffLine[]; label: string }) {
  if (lines.length === 0) return <p className="field-hint">(tomt)</p>;
  return (
    <ol className="line-diff" aria-label={label}>
      {lines.map((line, index) => (
        <li key={index} className={`line-diff-${line.kind}`}>
          <span className="line-diff-sign" aria-hidden="true">
            {line.kind === "added" ? "+" : line.kind === "removed" ? "−" : " "}
          </span>
          {line.kind === "same" ? null : (
            <span className="visually-hidden">{line.kind === "added" ? "Lagt til: " : "Fjernet: "}</span>
          )}
          {line.kind === "removed" ? <del>{line.text || " "}</del> : line.kind === "added" ? <ins>{line.text || " "}</ins> : line.text || " "}
        </li>
      ))}
    </ol>
  );
}
