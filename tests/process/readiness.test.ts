import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { throwawayDatabase, waitUntil } from "../support/fault-load";
import { startPausableProxy } from "../support/pausable-proxy";
import { type S3TestServer, startS3Server } from "../support/s3-server";
import { killAll, makeDataDir, removeDataDir, type RunningServer, startProductionServer } from "../support/server-process";
import { startSilentSmtp } from "../support/silent-smtp";
import { startSmtpPeer } from "../support/smtp-peer";

// /readyz of the production server (decision 061): 200 while every part it needs answers;
// 503 naming the part that does not (the database, the bucket, the mail server), within
// a few seconds however that part hangs; and 200 again once it is back, by itself.
// /healthz ("alive") is not affected by the bucket or the mail server.

const socketDir = inject("embeddedSocketDir");
const running: RunningServer[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  }
});

async function start(env: Record<string, string>) {
  const dataDir = makeDataDir("readiness");
  cleanups.push(() => removeDataDir(dataDir));
  const server = await startProductionServer({ DATA_DIR: dataDir, ...env });
  running.push(server);
  return server;
}

async function ready(url: string) {
  const started = Date.now();
  const response = await fetch(`${url}/readyz`);
  const body = (await response.json()) as { status: string; checks: Record<string, string> };
  return { status: response.status, body, ms: Date.now() - started, text: JSON.stringify(body) };
}

/** /readyz until it gives `status` (each answer is reused for up to a second). */
async function readyzBecomes(url: string, status: number) {
  let last: Awaited<ReturnType<typeof ready>> | undefined;
  await waitUntil(async () => (last = await ready(url)).status === status, `/readyz to answer ${status}`, 60_000);
  return last!;
}

describe.skipIf(!socketDir || process.env.TEST_DATABASE_URL)("/readyz", () => {
  it("answers 503 naming the database while it is away, and 200 once it is back", async () => {
    const database = await throwawayDatabase(socketDir, "readyz");
    cleanups.push(database.drop);
    const proxy = await startPausableProxy({ path: path.join(socketDir, ".s.PGSQL.5432") });
    cleanups.push(proxy.close);
    const server = await start({ DATABASE_URL: database.tcpUrl(proxy.port) });

    const up = await ready(server.url);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ status: "ok", checks: { database: "ok" } });

    proxy.pause();
    const down = await readyzBecomes(server.url, 503);
    expect(down.body.status).toBe("error");
    expect(["failed", "timeout"]).toContain(down.body.checks.database);
    expect(down.text).not.toContain("127.0.0.1");

    proxy.resume();
    expect((await readyzBecomes(server.url, 200)).body.checks.database).toBe("ok");
  });

  it("answers 503 naming the mail server that never greets, and the bucket that is gone; healthz stays 200", async () => {
    let s3: S3TestServer | undefined = await startS3Server();
    cleanups.push(() => s3?.close() ?? Promise.resolve());
    const silent = await startSilentSmtp();
    let silentOpen = true;
    cleanups.push(() => (silentOpen ? silent.close() : Promise.resolve()));
    const server = await start({ S3_URL: s3.url, SMTP_URL: silent.url });

    // The relay accepts the connection and never says a word: answered at the deadline, not hung.
    // On a starved machine the bucket's check (its server runs in this test's process) can
    // miss the same 2 s deadline now and then, so ask until the answer names the relay alone;
    // every answer on the way is a bounded 503 that blames the relay.
    let hung = await ready(server.url);
    await waitUntil(
      async () => {
        expect(hung.status).toBe(503);
        expect(hung.body.checks.mail).toBe("timeout");
        expect(hung.ms, "a hung part is bounded by the check's deadline (2 s), with room for a busy machine").toBeLessThan(30_000);
        if (hung.body.checks.bucket === "ok" && hung.body.checks.database === "ok") return true;
        hung = await ready(server.url);
        return false;
      },
      "/readyz to name the silent relay alone",
      60_000,
    );
    expect(hung.body).toEqual({ status: "error", checks: { database: "ok", bucket: "ok", mail: "timeout" } });
    expect(hung.text).not.toContain(String(silent.port));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // The relay is repaired on the same address: ready.
    await silent.close();
    silentOpen = false;
    const peer = await startSmtpPeer(silent.port);
    cleanups.push(() => peer.close());
    expect((await readyzBecomes(server.url, 200)).body).toEqual({
      status: "ok",
      checks: { database: "ok", bucket: "ok", mail: "ok" },
    });

    // The bucket's server stops: not ready, and it says which part.
    await s3.close();
    s3 = undefined;
    const noBucket = await readyzBecomes(server.url, 503);
    expect(["failed", "timeout"]).toContain(noBucket.body.checks.bucket);
    expect(noBucket.body.checks.mail).toBe("ok");
    expect(noBucket.body.checks.database).toBe("ok");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
