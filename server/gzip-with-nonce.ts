import zlib from "node:zlib";
import type { GzipParts } from "~/lib/platform/page-cache.server";
import { crcOf, crcWithNonce, nonceSlotsOf } from "./crc32-combine";

/**
 * A stored page is gzipped once, not once per response, although every response
 * carries its own CSP nonce in the body.
 *
 * The page's parts (the HTML cut where its nonce was) are compressed separately, each
 * as raw deflate ending on a byte boundary (a sync flush), so no part refers back into
 * another. A response is then the gzip header, the compressed parts with the nonce
 * between them as an uncompressed ("stored") deflate block, and the gzip trailer
 * (CRC-32 and length of what it unpacks to). That is one ordinary gzip member
 * (RFC 1951 §3.2.4, RFC 1952): every browser reads it. Per response it costs no pass over
 * the page either: the trailer's CRC-32 comes from each part's CRC, taken once, and the
 * nonce's (crc32-combine.ts: one multiplication), instead of compressing the page (~0.35 ms)
 * or running CRC-32 over it (~16 µs for 37 KB).
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

export function compressParts(parts: Buffer[]): GzipParts {
  const last = parts.length - 1;
  const compressed = parts.map((part, index) =>
    zlib.deflateRawSync(part, {
      level: 9,
      // Every part but the last ends byte-aligned and not final; the last one closes the stream.
      finishFlush: index === last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
  return {
    compressed,
    crcs: parts.map(crcOf),
    lengths: parts.map((part) => part.length),
    size: parts.reduce((sum, part) => sum + part.length, 0),
  };
}

/** The gzip body of the parts joined with this response's nonce. */
export function gzipWithNonce(gzip: GzipParts, nonce: string): Buffer {
  return Buffer.concat(gzipPiecesWithNonce(gzip, nonce));
}

/** The same body as pieces, for a socket to send without copying them into one buffer. */
export function gzipPiecesWithNonce(gzip: GzipParts, nonce: string): Buffer[] {
  const { compressed } = gzip;
  const nonceBytes = Buffer.from(nonce);
  const stored = storedBlock(nonceBytes);
  const pieces: Buffer[] = [GZIP_HEADER, compressed[0]!];
  for (let index = 1; index < compressed.length; index++) pieces.push(stored, compressed[index]!);
  if (gzip.slots?.nonceLength !== nonceBytes.length) gzip.slots = nonceSlotsOf(gzip.crcs, gzip.lengths, nonceBytes.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crcWithNonce(gzip.slots, crcOf(nonceBytes)), 0);
  trailer.writeUInt32LE((gzip.size + (compressed.length - 1) * nonceBytes.length) >>> 0, 4);
  pieces.push(trailer);
  return pieces;
}

/** A non-final stored block: header bits 000 padded to a byte, LEN, one's complement of LEN, the bytes. */
function storedBlock(bytes: Buffer) {
  if (bytes.length > 0xffff) throw new RangeError("a stored block holds at most 65,535 bytes");
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}
