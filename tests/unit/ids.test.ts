import { describe, expect, it } from "vitest";
import { isUuid } from "~/lib/platform/ids";

describe("isUuid: may this id from an address or a form reach a query", () => {
  it("takes every id PostgreSQL's uuid type holds, in either case, whatever its version", () => {
    expect(isUuid("0b0c4a9e-5a51-4c3e-9f3a-2c8d1e7b6a10")).toBe(true);
    expect(isUuid("0B0C4A9E-5A51-4C3E-9F3A-2C8D1E7B6A10")).toBe(true);
    // Not RFC 9562 (zod's z.uuid() refuses it), but a seeded or imported row may have it.
    expect(isUuid("11111111-1111-1111-1111-111111111111")).toBe(true);
  });

  it("refuses anything else, so it is 'not found' rather than a database error", () => {
    for (const value of ["", "1", "not-a-uuid", "0b0c4a9e5a514c3e9f3a2c8d1e7b6a10", "0b0c4a9e-5a51-4c3e-9f3a-2c8d1e7b6a10x", "' OR 1=1 --", "0b0c4a9e-5a51-4c3e-9f3a-2c8d1e7b6a1g"]) {
      expect(isUuid(value), value).toBe(false);
    }
  });
});
