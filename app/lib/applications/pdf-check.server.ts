import { inflateSync } from "node:zlib";

/**
 * Is this a CV we can let staff open: a PDF by its content (never its name or the
 * browser's type), with nothing in it that runs or launches something? Refused:
 * JavaScript (/JavaScript, /JS), actions that open programs, files or addresses
 * (/Launch, /SubmitForm, /ImportData, /GoToR, /GoToE), embedded or attached files
 * (/EmbeddedFile, /EmbeddedFiles, /FileAttachment), rich media and XFA forms. An
 * /OpenAction or /AA is refused only when it leads to one of these (it is also how a
 * PDF says "open at page 1", which plain exports do).
 *
 * PDF names may spell letters as #xx (/J#61vaScript), so names are decoded first. A
 * dictionary may also hide inside a compressed object stream (/ObjStm, PDF 1.5+), so
 * those streams are inflated (with a ceiling: a stream that inflates past it is
 * refused as unreadable, not scanned half-way) and scanned the same way.
 */
export type PdfVerdict = { ok: true } | { ok: false; reason: "not-pdf" | "active" | "unreadable"; found?: string };

const FORBIDDEN = [
  "JavaScript",
  "JS",
  "Launch",
  "SubmitForm",
  "ImportData",
  "GoToR",
  "GoToE",
  "EmbeddedFile",
  "EmbeddedFiles",
  "FileAttachment",
  "RichMedia",
  "XFA",
];
/** A PDF name: a slash, then regular characters (anything but white space and delimiters). */
const NAME = /\/([^\s/<>[\]()%{}]+)/g;
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** "/J#61vaScript" → "JavaScript". */
function decodeName(raw: string) {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function forbiddenName(text: string): string | undefined {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]!);
    if (FORBIDDEN.includes(name)) return name;
  }
  return undefined;
}

/** The bytes of every /ObjStm stream, inflated; undefined when one cannot be read. */
function objectStreams(pdf: Buffer): Buffer[] | undefined {
  const found: Buffer[] = [];
  let budget = MAX_INFLATED_BYTES;
  const text = pdf.toString("latin1");
  const header = /\/Type\s*\/ObjStm[\s\S]{0,2000}?stream\r?\n/g;
  for (const match of text.matchAll(header)) {
    const start = match.index! + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) return undefined;
    const dict = text.slice(text.lastIndexOf("<<", match.index!), start);
    if (!/\/FlateDecode/.test(dict)) {
      // An uncompressed object stream is scanned as the file is; another filter we do not read.
      if (/\/Filter/.test(dict)) return undefined;
      continue;
    }
    try {
      const inflated = inflateSync(pdf.subarray(start, end), { maxOutputLength: budget });
      budget -= inflated.length;
      found.push(inflated);
    } catch {
      return undefined;
    }
  }
  return found;
}

export function checkPdf(pdf: Buffer): PdfVerdict {
  // "%PDF-" within the first 1024 bytes, as readers accept it; anything else is not a PDF.
  if (pdf.subarray(0, 1024).indexOf("%PDF-") < 0) return { ok: false, reason: "not-pdf" };
  if (pdf.lastIndexOf("%%EOF") < 0) return { ok: false, reason: "unreadable" };
  const direct = forbiddenName(pdf.toString("latin1"));
  if (direct) return { ok: false, reason: "active", found: direct };
  const streams = objectStreams(pdf);
  if (!streams) return { ok: false, reason: "unreadable" };
  for (const stream of streams) {
    const hidden = forbiddenName(stream.toString("latin1"));
    if (hidden) return { ok: false, reason: "active", found: hidden };
  }
  return { ok: true };
}
