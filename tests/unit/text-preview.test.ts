import { describe, expect, it } from "vitest";
import { previewLine } from "~/lib/platform/text-preview";

// The one line of a message a staff list shows under the sender (#32).
describe("previewLine", () => {
  it("folds line breaks and runs of spaces into one line", () => {
    expect(previewLine("  Vi trenger\n\net  bookingsystem\t")).toBe("Vi trenger et bookingsystem");
  });

  it("keeps a short text whole, and an empty or missing one empty", () => {
    expect(previewLine("Short one.")).toBe("Short one.");
    expect(previewLine(null)).toBe("");
    expect(previewLine("")).toBe("");
  });

  it("cuts a long text at the last whole word before the limit, with an ellipsis", () => {
    const text = `${"ord ".repeat(40)}slutt`;
    const line = previewLine(text, 100);
    expect(line.length).toBeLessThanOrEqual(101);
    expect(line).toMatch(/ord…$/);
  });

  it("cuts a text without spaces at the limit, and leaves markup as text", () => {
    expect(previewLine("x".repeat(150), 100)).toBe(`${"x".repeat(100)}…`);
    expect(previewLine("<b>Hei</b> & velkommen")).toBe("<b>Hei</b> & velkommen");
  });
});
