/**
 * A line diff of two texts (a post's content then and now), for the revisions page: the
 * longest common subsequence of lines, with the common start and end taken off first.
 * No package in the project does this, and a post is at most 100,000 characters, so a
 * small one is enough. Browser-safe.
 */
export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Beyond this many cells (changed lines then × now) the middle is shown as removed, then added. */
const MAX_CELLS = 4_000_000;

const linesOf = (text: string) => (text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n"));

/** What it takes to go from `before` to `after`, line by line, in order. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text): DiffLine => ({ kind: "same", text }));
  const tail = a.slice(endA).map((text): DiffLine => ({ kind: "same", text }));
  return [...head, ...diffMiddle(a.slice(start, endA), b.slice(start, endB)), ...tail];
}

function diffMiddle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: "removed", text });
  const added = (text: string): DiffLine => ({ kind: "added", text });
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) return [...a.map(removed), ...b.map(added)];
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..], one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      out.push(removed(a[i++]!));
    } else {
      out.push(added(b[j++]!));
    }
  }
  while (i < a.length) out.push(removed(a[i++]!));
  while (j < b.length) out.push(added(b[j++]!));
  return out;
}

/** How many lines were added and removed. */
export function diffCounts(lines: DiffLine[]) {
  return {
    added: lines.filter((line) => line.kind === "added").length,
    removed: lines.filter((line) => line.kind === "removed").length,
  };
}
