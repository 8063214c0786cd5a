import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { ValidationError } from "../platform/domain-errors";

/**
 * The backup file's container (docs/decisions/058-backups-that-restore.md):
 *
 *   line 1  "FJORDFORM-BACKUP/1"
 *   line 2  JSON: {"encryption":null} or the cipher, KDF and salt of an encrypted file
 *   then    the payload, gzipped; when encrypted, the gzip stream cut into sealed chunks:
 *           [u32 length][AES-256-GCM ciphertext][16-byte tag], the chunk's number and a
 *           last-chunk flag as additional data, so a cut, reordered or altered file fails.
 *
 * The payload is a sequence of frames, [1 byte type][u32 length][bytes]: H the header,
 * T/R/E a table (start, a batch of rows as a JSON array, end with count and SHA-256),
 * F/D/G a media file (start, data, end), K the secrets key (encrypted files only) and
 * M the manifest, always last, with the SHA-256 of every frame before it.
 */
export const MAGIC = "FJORDFORM-BACKUP/1";
export const FRAME = {
  header: 0x48, // H
  tableStart: 0x54, // T
  rows: 0x52, // R
  tableEnd: 0x45, // E
  fileStart: 0x46, // F
  fileData: 0x44, // D
  fileEnd: 0x47, // G
  secretsKey: 0x4b, // K
  manifest: 0x4d, // M
} as const;

/** A backup that cannot be restored: the message says why, for the operator or the staff page. */
export class BackupRefusedError extends ValidationError {}

export type Encryption = {
  cipher: "aes-256-gcm";
  kdf: "scrypt";
  salt: string;
  N: number;
  r: number;
  p: number;
  /** 4 random bytes; a chunk's nonce is these and its 8-byte number. */
  noncePrefix: string;
};

export type FileHead = { encryption: Encryption | null };

const CHUNK = 64 * 1024;
const TAG = 16;

export function newEncryption(): Encryption {
  return {
    cipher: "aes-256-gcm",
    kdf: "scrypt",
    salt: randomBytes(16).toString("base64"),
    N: 2 ** 15,
    r: 8,
    p: 1,
    noncePrefix: randomBytes(4).toString("base64"),
  };
}

export function deriveKey(passphrase: string, encryption: Encryption) {
  const { N, r, p } = encryption;
  return scryptSync(passphrase, Buffer.from(encryption.salt, "base64"), 32, { N, r, p, maxmem: 256 * N * r });
}

export function fileHead(head: FileHead) {
  return Buffer.from(`${MAGIC}\n${JSON.stringify(head)}\n`);
}

/** Reads the two header lines from the file's first bytes: the head and where the payload starts. */
export function parseFileHead(start: Buffer): { head: FileHead; payloadOffset: number } {
  const first = start.indexOf(0x0a);
  const second = first < 0 ? -1 : start.indexOf(0x0a, first + 1);
  if (first < 0 || start.subarray(0, first).toString() !== MAGIC) {
    throw new BackupRefusedError("This is not a backup file of this site (it does not start with " + MAGIC + ").");
  }
  if (second < 0) throw new BackupRefusedError("The backup file is incomplete: it ends inside its header.");
  try {
    const head = JSON.parse(start.subarray(first + 1, second).toString()) as FileHead;
    return { head, payloadOffset: second + 1 };
  } catch {
    throw new BackupRefusedError("The backup file is damaged: its header is not readable.");
  }
}

function nonce(encryption: Encryption, counter: number) {
  const value = Buffer.alloc(12);
  Buffer.from(encryption.noncePrefix, "base64").copy(value, 0, 0, 4);
  value.writeBigUInt64BE(BigInt(counter), 4);
  return value;
}

function additionalData(counter: number, last: boolean) {
  const value = Buffer.alloc(9);
  value.writeBigUInt64BE(BigInt(counter), 0);
  value[8] = last ? 1 : 0;
  return value;
}

/** Seals the gzip stream in chunks; the last one is marked, so a file cut at a chunk boundary fails too. */
export function encryptStream(key: Buffer, encryption: Encryption) {
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", key, nonce(encryption, counter));
    cipher.setAAD(additionalData(counter++, last));
    const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, body]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      // Keep at least one chunk back: only at the end is it known which one is last.
      while (pending.length > CHUNK) {
        this.push(seal(pending.subarray(0, CHUNK), false));
        pending = pending.subarray(CHUNK);
      }
      done();
    },
    flush(done: TransformCallback) {
      this.push(seal(pending, true));
      done();
    },
  });
}

export function decryptStream(key: Buffer, encryption: Encryption) {
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  let ended = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      try {
        while (pending.length >= 4) {
          const length = pending.readUInt32BE(0);
          if (length < TAG || length > CHUNK + TAG) throw damaged();
          if (pending.length < 4 + length) break;
          if (ended) throw damaged();
          const body = pending.subarray(4, 4 + length);
          pending = pending.subarray(4 + length);
          this.push(open(body));
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      if (pending.length > 0 || !ended) return done(incomplete());
      done();
    },
  });

  function open(body: Buffer) {
    // A chunk is tried as a middle one and then as the last; only one of them authenticates.
    for (const last of [false, true]) {
      const decipher = createDecipheriv("aes-256-gcm", key, nonce(encryption, counter));
      decipher.setAAD(additionalData(counter, last));
      decipher.setAuthTag(body.subarray(body.length - TAG));
      try {
        const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG)), decipher.final()]);
        counter++;
        ended = last;
        return plain;
      } catch {
        // try the other flag
      }
    }
    throw new BackupRefusedError(
      counter === 0
        ? "The backup cannot be decrypted: the passphrase is wrong, or the file is damaged."
        : "The backup file is damaged: an encrypted part does not match its seal.",
    );
  }
}

const damaged = () => new BackupRefusedError("The backup file is damaged: its encrypted parts are out of order.");
const incomplete = () => new BackupRefusedError("The backup file is incomplete: it was cut short.");

export function frame(type: number, payload: Buffer) {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return [head, payload] as const;
}

/** Splits the payload back into frames; throws when it ends inside one. */
export async function* readFrames(source: AsyncIterable<Buffer>): AsyncGenerator<{ type: number; payload: Buffer }> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) break;
      yield { type: pending[0]!, payload: pending.subarray(5, 5 + length) };
      pending = pending.subarray(5 + length);
    }
  }
  if (pending.length > 0) throw incomplete();
}
