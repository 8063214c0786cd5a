import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressParts, gzipWithNonce } from "../../server/gzip-with-nonce";
import { crc32Combine, crcOf, crcShift } from "../../server/crc32-combine";
import { acceptsGzip } from "../../server/page-cache-listener";

// A cached page is gzipped once and sent with a different nonce each time: what a
// browser unpacks must be exactly the page with that nonce.
const page = `<!doctype html><html lang="en"><head><style nonce="§">body{}</style></head><body>
${"<p>Fjordform lager programvare for deg – æøå ÆØÅ “sitater”.</p>\n".repeat(800)}
<script nonce="§">window.x=1</script></body></html>`;
const partsOf = (html: string) => html.split("§").map((part) => Buffer.from(part));

describe("gzip with a nonce", () => {
  it("unpacks to the page joined with each response's own nonce", () => {
    const compressed = compressParts(partsOf(page));
    for (const nonce of ["+V4momf9p1of4X3aqL8qcw==", "mpFzjxELb8hLpTausuynYg=="]) {
      const body = gzipWithNonce(compressed, nonce);
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(page.replaceAll("§", nonce));
    }
  });

  it("unpacks right when the nonce's length changes from one response to the next", () => {
    const compressed = compressParts(partsOf(page));
    for (const nonce of ["abc", "+V4momf9p1of4X3aqL8qcw==", "", "mpFzjxELb8hLpTausuynYg==", "x"]) {
      expect(zlib.gunzipSync(gzipWithNonce(compressed, nonce)).toString("utf8")).toBe(page.replaceAll("§", nonce));
    }
  });

  it("is still compressed: well under a tenth of the page", () => {
    const body = gzipWithNonce(compressParts(partsOf(page)), "mpFzjxELb8hLpTausuynYg==");
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 10);
  });

  it("handles a page without a nonce and a page that starts or ends with one", () => {
    for (const html of ["<p>no scripts</p>", "§<p>x</p>", "<p>x</p>§", "§"]) {
      const body = gzipWithNonce(compressParts(partsOf(html)), "abc");
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(html.replaceAll("§", "abc"));
    }
  });
});

describe("crc32Combine", () => {
  // A gzip hit's trailer is combined from its pieces' CRCs: it must be the CRC of the whole.
  it("gives the CRC-32 of two pieces joined, whatever their lengths", () => {
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919 + (i >> 5)) & 0xff));
    for (const [start, cut, end] of [[0, 0, 0], [0, 0, 1], [0, 1, 1], [3, 27, 51], [0, 24, 70_000], [5, 65_541, 200_000], [0, 199_999, 200_000]]) {
      const a = bytes.subarray(start!, cut!);
      const b = bytes.subarray(cut!, end!);
      expect(crc32Combine(crcOf(a), crcOf(b), crcShift(b.length))).toBe(crcOf(bytes.subarray(start!, end!)));
    }
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as browsers and tools send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
  });
});
