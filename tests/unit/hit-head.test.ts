import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitHeadOf, writeHitHead } from "../../server/hit-head";
import { NONCE_PLACEHOLDER } from "~/lib/platform/page-cache.server";

// A cache hit's head is put together as text once per page and added to the head Node
// makes (server/hit-head.ts): what leaves the socket must be what passing every header to
// writeHead sends, byte for byte, and every header must still be there.
const sentHeaders: [string, string][] = [
  ["content-security-policy", `default-src 'self'; script-src 'self' 'nonce-${NONCE_PLACEHOLDER}'; style-src 'self' 'nonce-${NONCE_PLACEHOLDER}'`],
  ["content-type", "text/html; charset=utf-8"],
  ["link", '</assets/a.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin'],
  ["x-frame-options", "DENY"],
  ["cache-control", "set per hit, left out"],
];
const nonce = "mpFzjxELb8hLpTausuynYg==";
const body = Buffer.from("<p>page</p>");

let server: Server;
let port = 0;
beforeAll(async () => {
  const head = hitHeadOf(sentHeaders);
  server = createServer((req, res) => {
    const asText = !req.url!.includes("pairs");
    const status = req.url!.includes("304") ? 304 : 200;
    const hit = { nonce, etag: `W/"k1:${nonce}"`, requestId: "0000-1", gzip: req.url!.includes("gzip") };
    writeHitHead(res, { ...head, asText }, status === 304 ? { ...hit, status } : { ...hit, status, length: body.length });
    res.end(status === 304 ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The response's bytes as sent, its Date line left out (it is the clock's). */
function rawResponse(path: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve(text.replace(/\r\nDate: [^\r]*/, "")));
    socket.on("error", reject);
  });
}

describe("a hit's head", () => {
  it("is made as text on this Node", () => {
    expect(hitHeadOf(sentHeaders).asText).toBe(true);
  });

  for (const [label, path] of [["a page", "/"], ["a gzipped page", "/gzip"], ["a 304", "/304"]] as const) {
    it(`sends ${label} with the same bytes as writeHead given every header`, async () => {
      const asText = await rawResponse(path);
      expect(asText).toBe(await rawResponse(`${path}?pairs`));
      expect(asText).toContain(`script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'\r\n`);
      expect(asText).toContain(`etag: W/"k1:${nonce}"\r\ncache-control: public, max-age=0`);
      expect(asText).toContain("vary: Cookie, Accept-Encoding\r\nx-request-id: 0000-1\r\n");
      expect(asText).not.toContain("set per hit");
      expect(asText.includes("content-type:")).toBe(path !== "/304");
      expect(asText.includes("content-encoding: gzip\r\ncontent-length: 11\r\n")).toBe(path === "/gzip");
    });
  }

  it("is left to writeHead when the page has a header Node reads, or one it would refuse", () => {
    expect(hitHeadOf([...sentHeaders, ["Connection", "close"]]).asText).toBe(false);
    expect(hitHeadOf([...sentHeaders, ["x-bad", "a\r\nset-cookie: b"]]).asText).toBe(false);
  });
});
