import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { openDatabase } from "~/lib/platform/db.server";
import * as fixtures from "../fixtures/images";
import { signIn, waitUntil } from "../support/fault-load";
import { killAll, makeDataDir, removeDataDir, type RunningServer, startProductionServer } from "../support/server-process";

// An operator follows one request through the log by the id its response names
// (X-Request-Id): every line written while it is handled carries it, including lines
// from domain code that was never handed the id.
const running: RunningServer[] = [];
let dataDir: string;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  dataDir = makeDataDir("request-logs");
  const password = randomBytes(18).toString("base64url");
  const setup = await openDatabase({ dataDir });
  try {
    await createUser(setup.db, { email: "logs@fjordform.test", fullName: "Log Reader", password });
  } finally {
    await setup.close();
  }
  server = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
  running.push(server);
  cookie = await signIn(server.url, "logs@fjordform.test", password);
});
afterAll(async () => {
  try {
    await killAll(running);
  } finally {
    if (dataDir) await removeDataDir(dataDir);
  }
});

const lines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request ids in the log", () => {
  it("a refused upload's warning from the image code carries the id of the response", async () => {
    const form = new FormData();
    const truncated = (await fixtures.jpegWithGps()).subarray(0, 600);
    form.append("image", new Blob([new Uint8Array(truncated)], { type: "image/jpeg" }), "broken.jpg");
    const response = await fetch(`${server.url}/api/upload-image`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
    });
    expect(response.status).toBe(400);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    await waitUntil(() => lines().some((line) => line.msg === "request" && line.requestId === requestId), "the request line");
    const ofThisRequest = lines().filter((line) => line.requestId === requestId);
    expect(ofThisRequest.map((line) => line.msg)).toEqual(["image refused", "request"]);
    // Lines outside any request (start-up) carry none.
    expect(lines().find((line) => line.msg === "listening")?.requestId).toBeUndefined();
  });
});
