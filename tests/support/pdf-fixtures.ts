import { deflateSync } from "node:zlib";

/**
 * Small PDFs for the application tests (decision 057), made here so each shows what it
 * is: a plain one-page CV, and the kinds the form must refuse.
 */
function pdf(objects: string[], extra = "") {
  const body = objects.map((object, i) => `${i + 1} 0 obj\n${object}\nendobj\n`).join("");
  return Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${body}${extra}trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\n%%EOF\n`,
    "latin1",
  );
}

const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>";

/** A plain CV; its "open at page 1" /OpenAction is what ordinary exports write, and allowed. */
export const plainPdf = pdf([
  "<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  page,
]);

/** Runs JavaScript when opened. */
export const javascriptPdf = pdf([
  "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  page,
  "<< /S /JavaScript /JS (app.alert('hi')) >>",
]);

/** The same, with the names spelled in #xx escapes. */
export const escapedJavascriptPdf = pdf([
  "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  page,
  "<< /S /J#61vaScript /J#53 (app.alert('hi')) >>",
]);

/** Starts a program. */
export const launchPdf = pdf([
  "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  page,
  "<< /S /Launch /F (cmd.exe) >>",
]);

/** An attached file. */
export const attachmentPdf = pdf([
  "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  page,
  "<< /Names [(a.exe) << /Type /Filespec /EF << /F 5 0 R >> >>] >>",
  "<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream",
]);

/** JavaScript hidden in a compressed object stream, where the file's bytes never spell it. */
export const hiddenJavascriptPdf = (() => {
  const inner = deflateSync(Buffer.from("4 0 << /S /JavaScript /JS (app.alert(1)) >>"));
  const stream = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${inner.length} >>\nstream\n`;
  const head = pdf([
    "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    page,
  ]);
  const cut = head.indexOf("trailer");
  return Buffer.concat([
    head.subarray(0, cut),
    Buffer.from(`5 0 obj\n${stream}`, "latin1"),
    inner,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
    head.subarray(cut),
  ]);
})();

/** A PNG's first bytes, named cv.pdf by whoever sends it. */
export const pngNamedPdf = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(200)]);
