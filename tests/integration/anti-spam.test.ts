import { solveChallenge } from "altcha-lib/v1";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { ANTI_SPAM_MESSAGES } from "~/lib/visitor-forms/anti-spam";
import { checkSubmission, forgetExpiredProofs, formStamp, issueChallenge } from "~/lib/visitor-forms/anti-spam.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { signUpFromFooter } from "~/lib/visitor-forms/newsletter-signup.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// Decision 062 at its domain function: the time trap (3 s, the default, moved past with
// the server's clock instead of waiting), the proof of work (solved here as a browser
// would), single use in the database, and what a submission is stored as.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await truncateAll(handle);
});
afterEach(() => setClockOffset(0));

const seconds = (n: number) => n * 1000;

/** A solution as the browser's solver sends it (base64 JSON, the fields altcha-lib reads). */
async function solvedProof() {
  const challenge = await issueChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(
    JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution!.number, salt, signature }),
  ).toString("base64");
}

describe(`the time trap and the proof of work (${engineName()})`, () => {
  it("refuses a form sent within 3 s of its stamp, and takes it (unverified) once 3 s have passed", async () => {
    const stamp = formStamp();
    await expect(checkSubmission(handle.db, { stamp })).rejects.toThrow(ANTI_SPAM_MESSAGES.tooFast);
    setClockOffset(seconds(3));
    await expect(checkSubmission(handle.db, { stamp })).resolves.toEqual({ verified: false });
  });

  it("refuses a forged stamp, a stamp with its time changed and one a week old", async () => {
    const [time, signature] = formStamp(new Date(Date.now() - seconds(60))).split(".");
    const bad = ["1234.abc", `${(parseInt(time!, 36) - 5000).toString(36)}.${signature}`, "not a stamp"];
    for (const stamp of bad)
      await expect(checkSubmission(handle.db, { stamp })).rejects.toThrow(ANTI_SPAM_MESSAGES.badProof);
    const old = formStamp(new Date(Date.now() - seconds(8 * 24 * 3600)));
    await expect(checkSubmission(handle.db, { stamp: old })).rejects.toThrow(ANTI_SPAM_MESSAGES.badProof);
  });

  it("verifies a solved challenge once: the same solution again is refused, whichever instance gets it", async () => {
    const altcha = await solvedProof();
    await expect(checkSubmission(handle.db, { altcha })).resolves.toEqual({ verified: true });
    // Spent in the database every instance shares, not in this process's memory.
    expect(await handle.db.select().from(schema.usedProofs)).toHaveLength(1);
    await expect(checkSubmission(handle.db, { altcha })).rejects.toThrow(ANTI_SPAM_MESSAGES.badProof);
  });

  it("refuses a proof that claims JavaScript ran but is empty, made up, wrong or expired", async () => {
    const good = JSON.parse(Buffer.from(await solvedProof(), "base64").toString("utf8"));
    const wrongNumber = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString("base64");
    const forged = Buffer.from(JSON.stringify({ ...good, signature: "0".repeat(64) })).toString("base64");
    for (const altcha of ["", "garbage", wrongNumber, forged]) {
      await expect(checkSubmission(handle.db, { altcha })).rejects.toThrow(ANTI_SPAM_MESSAGES.badProof);
    }
    const later = await solvedProof();
    setClockOffset(seconds(2 * 3600 + 1));
    await expect(checkSubmission(handle.db, { altcha: later })).rejects.toThrow(ANTI_SPAM_MESSAGES.badProof);
  });

  it("keeps the spec's bare JSON (no stamp, no proof) as unverified", async () => {
    await expect(checkSubmission(handle.db, { company: "x" })).resolves.toEqual({ verified: false });
  });

  it("stores the outcome: a verified lead and subscriber, an unverified one, and a honeypot that stores nothing", async () => {
    await submitContact(
      handle.db,
      { company: "Fjell AS", project: "An app", email: "kari@example.no" },
      "https://x.test",
      {
        verified: true,
      },
    );
    await submitContact(handle.db, { company: "Bot AS", project: "spam", email: "bot@example.no" }, "https://x.test");
    const leads = await handle.db.select({ verified: schema.leads.verified }).from(schema.leads);
    expect(leads.map((l) => l.verified).sort()).toEqual([false, true]);

    await signUpFromFooter(
      handle.db,
      { email: "ola@example.no", altcha: await solvedProof() },
      { ip: "198.51.100.1", siteUrl: "https://x.test" },
    );
    await signUpFromFooter(
      handle.db,
      { email: "bot@example.no", website: "https://spam.example" },
      { ip: "198.51.100.2", siteUrl: "https://x.test" },
    );
    const subscribers = await handle.db.select().from(schema.newsletterSubscribers);
    expect(subscribers.map((s) => [s.email, s.verified])).toEqual([["ola@example.no", true]]);
  });

  it("the retention round forgets used proofs once their challenge has expired", async () => {
    await checkSubmission(handle.db, { altcha: await solvedProof() });
    await forgetExpiredProofs(handle.db, new Date(Date.now() + seconds(3600)));
    expect(await handle.db.select().from(schema.usedProofs)).toHaveLength(1);
    await forgetExpiredProofs(handle.db, new Date(Date.now() + seconds(3 * 3600)));
    expect(await handle.db.select().from(schema.usedProofs)).toHaveLength(0);
  });
});
