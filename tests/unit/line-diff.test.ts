import { describe, expect, it } from "vitest";
import { diffCounts, diffLines } from "~/lib/blog/line-diff";

const shown = (before: string, after: string) =>
  diffLines(before, after).map((line) => `${line.kind === "same" ? " " : line.kind === "added" ? "+" : "-"}${line.text}`);

describe("line diff", () => {
  it("says nothing changed for equal texts", () => {
    expect(shown("a\nb", "a\nb")).toEqual([" a", " b"]);
    expect(diffLines("", "")).toEqual([]);
  });

  it("finds added, removed and changed lines in order", () => {
    expect(shown("a\nb\nc", "a\nc\nd")).toEqual([" a", "-b", " c", "+d"]);
    expect(shown("one\ntwo\nthree", "one\n2\nthree")).toEqual([" one", "-two", "+2", " three"]);
    expect(shown("", "new")).toEqual(["+new"]);
    expect(shown("old", "")).toEqual(["-old"]);
  });

  it("keeps the longest common run of lines, even when lines repeat", () => {
    const lines = shown("x\na\nb\nx\nc", "a\nx\nb\nc\nx");
    expect(lines.filter((line) => line.startsWith(" "))).toHaveLength(3);
    // Applying the diff to the old text gives the new one.
    const rebuilt = lines.filter((line) => !line.startsWith("-")).map((line) => line.slice(1));
    expect(rebuilt.join("\n")).toBe("a\nx\nb\nc\nx");
  });

  it("treats CRLF as LF (a form post sends CRLF)", () => {
    expect(shown("a\r\nb", "a\nb")).toEqual([" a", " b"]);
  });

  it("stays fast on the longest posts: past its bound the middle is removed, then added", () => {
    const before = Array.from({ length: 3_000 }, (_, index) => `line ${index}`).join("\n");
    const after = Array.from({ length: 3_000 }, (_, index) => `row ${index}`).join("\n");
    const started = performance.now();
    const lines = diffLines(before, after);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(diffCounts(lines)).toEqual({ added: 3_000, removed: 3_000 });
  });

  it("counts what changed", () => {
    expect(diffCounts(diffLines("a\nb", "a\nc\nd"))).toEqual({ added: 2, removed: 1 });
  });
});
