import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  decryptStream,
  deriveKey,
  encryptStream,
  newEncryption,
  parseFileHead,
} from "~/lib/backup/backup-format.server";
import { parseConfig } from "~/lib/platform/config.server";

// The backup file's sealed chunks (docs/decisions/058) and its settings: a file opens only
// whole, in order and with its passphrase; BACKUP_TIME is a time of day or "off".
async function through(data: Buffer, ...stages: NodeJS.ReadWriteStream[]) {
  let stream: NodeJS.ReadableStream = Readable.from([data]);
  for (const stage of stages) stream = stream.pipe(stage);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("encrypted backups", () => {
  const encryption = newEncryption();
  const key = deriveKey("a long passphrase", encryption);
  const plain = randomBytes(200_000); // four chunks

  it("decrypt what was encrypted, and the ciphertext does not contain the plain bytes", async () => {
    const sealed = await through(plain, encryptStream(key, encryption));
    expect(sealed.includes(plain.subarray(0, 64))).toBe(false);
    expect((await through(sealed, decryptStream(key, encryption))).equals(plain)).toBe(true);
  });

  it("refuse a wrong passphrase, a changed byte, and a file cut at a chunk boundary", async () => {
    const sealed = await through(plain, encryptStream(key, encryption));
    const wrong = deriveKey("another passphrase", encryption);
    await expect(through(sealed, decryptStream(wrong, encryption))).rejects.toThrow("the passphrase is wrong");
    const changed = Buffer.from(sealed);
    changed[100_000]! ^= 1;
    await expect(through(changed, decryptStream(key, encryption))).rejects.toThrow("The backup file is damaged");
    const firstChunk = 4 + sealed.readUInt32BE(0);
    await expect(through(sealed.subarray(0, firstChunk), decryptStream(key, encryption))).rejects.toThrow(
      "The backup file is incomplete: it was cut short.",
    );
  });

  it("a file that is not a backup says so", () => {
    expect(() => parseFileHead(Buffer.from("PGDMP custom dump"))).toThrow("This is not a backup file of this site");
  });
});

describe("backup settings", () => {
  it("BACKUP_TIME is HH:MM or off; BACKUP_KEEP_DAYS defaults to 14; a short passphrase is refused without showing it", () => {
    expect(parseConfig({}).backupTime).toBe("03:00");
    expect(parseConfig({}).backupKeepDays).toBe(14);
    expect(parseConfig({ BACKUP_TIME: "off" }).backupTime).toBeUndefined();
    expect(() => parseConfig({ BACKUP_TIME: "25:00" })).toThrow('BACKUP_TIME: must be HH:MM (Oslo time) or "off"');
    expect(() => parseConfig({ BACKUP_PASSPHRASE: "short" })).toThrow(/BACKUP_PASSPHRASE: .*value not shown/);
  });
});
