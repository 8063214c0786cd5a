/**
 * One line of a longer text for a list row (#32): line breaks and runs of spaces become
 * one space, and past `max` characters it ends at the last whole word with "…". Plain
 * text: React escapes it where it is shown. Browser-safe.
 */
export function previewLine(text: string | null | undefined, max = 100) {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, "")}…`;
}
