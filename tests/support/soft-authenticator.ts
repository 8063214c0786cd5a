import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A software passkey for tests below the browser (decision 065): a P-256 key pair that
 * answers registration and sign-in challenges the way an authenticator does (attestation
 * "none", ES256 signatures, a signature count), so the server's real checks run on real
 * bytes. The browser tests use Chromium's virtual authenticator instead.
 */

// The little CBOR an attestation object needs: maps, byte and text strings, small integers.
function cborHead(major: number, length: number) {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts: Buffer[] = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();

export type SoftPasskey = {
  credentialId: string;
  /** Answers `navigator.credentials.create` for these options' challenge. */
  register(options: { challenge: string }, at?: { origin?: string; rpId?: string }): Record<string, unknown>;
  /** Answers `navigator.credentials.get`; the count goes up by one each time unless `counter` is given. */
  assert(
    options: { challenge: string },
    at?: { origin?: string; rpId?: string; counter?: number; userVerified?: boolean },
  ): Record<string, unknown>;
};

export function softPasskey(rp: { id: string; origin: string }, userHandle = ""): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const id = randomBytes(16);
  const credentialId = b64url(id);
  let count = 0;
  const jwk = (publicKey as KeyObject).export({ format: "jwk" });
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const authData = (rpId: string, flags: number, counter: number, attested?: Buffer) => {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId,
    register(options, at = {}) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), len, id, cose]);
      // User present, user verified, attested credential data.
      const data = authData(at.rpId ?? rp.id, 0x01 | 0x04 | 0x40, 0, attested);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", data],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge, at.origin ?? rp.origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    assert(options, at = {}) {
      const counter = at.counter ?? ++count;
      const flags = 0x01 | (at.userVerified === false ? 0 : 0x04);
      const data = authData(at.rpId ?? rp.id, flags, counter);
      const client = clientData("webauthn.get", options.challenge, at.origin ?? rp.origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(userHandle ? { userHandle: b64url(userHandle) } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
}
