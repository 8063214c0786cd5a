import { describe, expect, it } from "vitest";
import { checkPdf } from "~/lib/applications/pdf-check.server";
import { displayName } from "~/lib/applications/application-upload.server";
import {
  attachmentPdf,
  escapedJavascriptPdf,
  hiddenJavascriptPdf,
  javascriptPdf,
  launchPdf,
  plainPdf,
  pngNamedPdf,
} from "../support/pdf-fixtures";

describe("a CV is checked by its content (decision 057)", () => {
  it("takes a plain PDF, also one that opens at its first page", () => {
    expect(checkPdf(plainPdf)).toEqual({ ok: true });
  });

  it("refuses what is not a PDF, whatever its name", () => {
    expect(checkPdf(pngNamedPdf)).toMatchObject({ ok: false, reason: "not-pdf" });
    expect(checkPdf(Buffer.from("hello"))).toMatchObject({ ok: false, reason: "not-pdf" });
  });

  it.each([
    ["JavaScript", javascriptPdf],
    ["JavaScript spelled in #xx escapes", escapedJavascriptPdf],
    ["a launch action", launchPdf],
    ["an attached file", attachmentPdf],
    ["JavaScript inside a compressed object stream", hiddenJavascriptPdf],
  ])("refuses a PDF with %s", (_what, file) => {
    expect(checkPdf(file)).toMatchObject({ ok: false, reason: "active" });
  });

  it("keeps only the last segment of a file name, as text", () => {
    expect(displayName("../../etc/passwd")).toBe("passwd");
    expect(displayName("C:\\fakepath\\Kari CV.pdf")).toBe("Kari CV.pdf");
    expect(displayName("")).toBe("cv.pdf");
    expect(displayName('a"\u0000b.pdf')).toBe("ab.pdf");
  });
});
