import { describe, expect, it } from "vitest";
import { BROWSER_UA } from "../support/server-process";
import { productionServerForThisFile } from "./helpers";

// Issue 12: /login/status (the sign-in page's debug panel) must not tell an anonymous
// caller whether an address is locked: that is a free oracle for which addresses are
// being guessed at, and a way to watch a lockout. The failed sign-in's own answer
// already carries the lock (423 and the minutes left) to the person signing in.

const server = productionServerForThisFile();
const LOCKED_ADDRESS = "locked.out@fjordform.test";
const OTHER_ADDRESS = "never.tried@fjordform.test";

async function status(query = "") {
  const response = await fetch(`${server.url}/login/status${query}`, { headers: { "user-agent": BROWSER_UA } });
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function failSignIn(email: string) {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    headers: { origin: server.url, "user-agent": BROWSER_UA },
    body: new URLSearchParams({ email, password: "wrong-password-for-sure" }),
  });
  await response.text();
  return response.status;
}

describe("/login/status for an anonymous caller", () => {
  it("answers the same for a locked address, another address and none at all", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push(await failSignIn(LOCKED_ADDRESS));
    // The person signing in does learn of the lock, from the sign-in's own answer.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(423);

    const locked = await status(`?email=${encodeURIComponent(LOCKED_ADDRESS)}`);
    const other = await status(`?email=${encodeURIComponent(OTHER_ADDRESS)}`);
    const none = await status();
    for (const answer of [locked, other, none]) expect(answer.status).toBe(200);
    expect(JSON.stringify(locked.body)).not.toMatch(/locked for|minutes/i);
    expect(locked.body).toEqual(other.body);
    expect(locked.body).toEqual(none.body);
  });

  it("still says whether sign-in can work at all", async () => {
    const { body } = await status();
    expect(body).toMatchObject({ authConfigured: true, database: "embedded, reachable", signedIn: false });
  });
});
