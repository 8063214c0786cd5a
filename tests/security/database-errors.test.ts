import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getPublishedPost } from "~/lib/blog/blog.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { getPublishedJob } from "~/lib/careers/jobs.server";
import { log } from "~/lib/platform/log.server";
import { findByUnsubscribeToken, isConfirmTokenValid, unsubscribe } from "~/lib/visitor-forms/newsletter.server";
import { createTestDatabase, engineName } from "../support/test-database";

// Issue 12, finding 7: a failing query is logged as its SQLSTATE code, never with the
// values it was given; and NULs in slugs and tokens never reach a query at all.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** What `run` writes to stderr (where error logs go). */
function captureStderr(run: () => void) {
  let written = "";
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written += chunk.toString();
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return written;
}

describe(`database errors in the log (${engineName()})`, () => {
  it("a failed INSERT is logged with its SQLSTATE code, without the SQL's parameter values", async () => {
    const email = "private.person\u0000@example.no";
    const error = await handle.db
      .insert(schema.loginAttempts)
      .values({ email, success: false, ipAddress: "203.0.113.99", userAgent: "SecretAgent/1.0" })
      .then(
        () => expect.fail("PostgreSQL accepted a NUL in text"),
        (e: unknown) => e,
      );
    expect(String(error)).toContain("params:"); // what Drizzle's message carries...

    const line = captureStderr(() => log.error("sign-in failed", { error }));
    const entry = JSON.parse(line);
    expect(entry.error).toMatchObject({ name: "DatabaseError", code: expect.stringMatching(/^22/) });
    expect(entry.error.message).toMatch(/^database error 22\w{3} \(data exception\)$/);
    // ...and what the log must not.
    for (const value of ["private.person", "203.0.113.99", "SecretAgent", "params", "insert into"]) {
      expect(line).not.toContain(value);
    }
  });

  it("other errors are logged as before", () => {
    const line = captureStderr(() => log.error("boom", { error: new Error("plain failure") }));
    expect(JSON.parse(line).error).toMatchObject({ name: "Error", message: "plain failure" });
  });
});

describe(`NULs never reach a query (${engineName()})`, () => {
  it("slugs and tokens with control characters are 'not found' without an error", async () => {
    await expect(getPublishedPost(handle.db, "\u0000")).resolves.toBeUndefined();
    await expect(getPublishedJob(handle.db, "open-application\u0000")).resolves.toBeUndefined();
    await expect(findByUnsubscribeToken(handle.db, "\u0000")).resolves.toBeUndefined();
    await expect(unsubscribe(handle.db, "a\u0000b")).resolves.toBe("invalid");
    await expect(isConfirmTokenValid(handle.db, "\u0000".repeat(43))).resolves.toBe(false);
  });
});
