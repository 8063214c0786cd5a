import zlib from "node:zlib";
import type { NonceSlots } from "~/lib/platform/page-cache.server";

/**
 * CRC-32 (the gzip one) of joined pieces from each piece's own CRC, without reading the
 * pieces again: zlib's crc32_combine (zlib 1.2.12+, crc32.c), which Node does not expose.
 * A stored page's parts are read once for their CRCs; a response then combines them with
 * its nonce's in well under a microsecond instead of running CRC-32 over the whole page
 * (~16 µs for 37 KB here) on every gzip hit (server/gzip-with-nonce.ts).
 *
 * The arithmetic is on polynomials over GF(2) modulo the CRC polynomial, bit-reflected as
 * CRC-32 is: `shift` is x^(8·n) mod p, what appending n bytes does to the CRC before them.
 */
const POLY = 0xedb88320;

/**
 * A piece's own CRC-32. Node 20's crc32 can answer 0 for an empty buffer instead of the
 * running value: an empty piece's CRC is 0 here, which combined (with a shift of x^0)
 * leaves the CRC as it was.
 */
export const crcOf = (bytes: Buffer) => (bytes.length > 0 ? zlib.crc32(bytes) : 0);

/** a·b mod p (reflected). */
function multiplyModP(a: number, b: number) {
  if (a === 0) return 0;
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

// x^(2^k) mod p for k = 0..31, as zlib's x2n_table.
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!));

/** x^(8·bytes) mod p: what `crc32Combine` needs to put `bytes` bytes after a CRC. */
export function crcShift(bytes: number) {
  let power = 0x80000000; // x^0
  let k = 3; // 8·bytes: start at x^(2^3)
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) power = multiplyModP(X2N[k & 31]!, power);
  }
  return power;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crcShift(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number) {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/**
 * What a response's nonce changes in a page's CRC-32, worked out once per stored page (and
 * nonce length: a fresh nonce always has 24 characters). CRC-32 is linear: for two
 * messages of one length, the XOR of their CRCs is the pure (unconditioned) CRC of the XOR
 * of their bytes. The page with nonce N is the page with zeros where the nonces go, XOR N
 * in each slot; N in a slot with `a` bytes after it adds its pure CRC times x^(8·a). So the
 * page's CRC is `crcWithZeros` XOR pureCrc(N) times `weight`, the sum of those powers:
 * a response pays one CRC-32 of its 24-byte nonce and one multiplication.
 * `crcs` and `lengths`: the page's parts (cut where the nonces go), in order.
 */
export function nonceSlotsOf(crcs: number[], lengths: number[], nonceLength: number): NonceSlots {
  const zerosCrc = crcOf(Buffer.alloc(nonceLength));
  const zerosShift = crcShift(nonceLength);
  let crcWithZeros = crcs[0]!;
  for (let index = 1; index < crcs.length; index++) {
    crcWithZeros = crc32Combine(crc32Combine(crcWithZeros, zerosCrc, zerosShift), crcs[index]!, crcShift(lengths[index]!));
  }
  let weight = 0;
  let after = 0;
  for (let index = crcs.length - 1; index >= 1; index--) {
    after += lengths[index]!;
    weight ^= crcShift(after);
    after += nonceLength;
  }
  return { nonceLength, crcWithZeros, weight: weight >>> 0, zerosCrc };
}

/** The page's CRC-32 with a nonce in every slot, from the nonce's own CRC-32. */
export function crcWithNonce(slots: NonceSlots, nonceCrc: number) {
  return (slots.crcWithZeros ^ multiplyModP(slots.weight, (nonceCrc ^ slots.zerosCrc) >>> 0)) >>> 0;
}
