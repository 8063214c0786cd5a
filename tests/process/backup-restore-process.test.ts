import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as fixtures from "../fixtures/images";
import { signIn } from "../support/fault-load";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";

// Issue 30's "done when", as the operator would do it: start the site on a fresh data folder,
// add content, stop it, `npm run backup`, move the data folder away, `npm run restore` into a
// new one, start again: the lead, the staff account and the uploaded file are all back.
const running: RunningServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await killAll(running);
  for (const dir of dirs) await removeDataDir(dir);
});

// The key file (no SECRETS_KEY) and an encrypted backup: the key must travel inside it.
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  SECRETS_KEY: "",
  BACKUP_PASSPHRASE: "a passphrase for the test",
  LOG_LEVEL: "info",
});

function runScript(script: string, args: string[], dataDir: string) {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), [script, ...args], {
    env: { ...process.env, ...env(dataDir), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

async function stop(server: RunningServer) {
  server.process.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("backup and restore of a whole site, as processes", () => {
  it("content added to a fresh site is all back after backup, moving the data away, restore and start", async () => {
    const first = makeDataDir("backup-first");
    const second = makeDataDir("backup-second");
    dirs.push(first, second);
    fs.rmSync(second, { recursive: true }); // a data folder that does not exist yet
    const file = path.join(path.dirname(first), `${path.basename(first)}.ffbackup`);
    dirs.push(file);

    const server = await startProductionServer(env(first));
    running.push(server);
    const account = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; email?: string; password?: string })
      .find((line) => line.msg === "first staff account created");
    expect(account?.password).toBeTruthy();
    const cookie = await signIn(server.url, account!.email!, account!.password!);
    const contact = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
      body: JSON.stringify({ company: "Backupfjord AS", project: "Alt skal tilbake", email: "ola@backupfjord.no" }),
    });
    expect(contact.status).toBe(201);
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await fixtures.png())], { type: "image/png" }), "fjord.png");
    const upload = await fetch(`${server.url}/api/upload-image`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
    });
    expect(upload.status).toBe(201);
    const imageUrl = ((await upload.json()) as { data: { url: string } }).data.url;
    const imageBytes = Buffer.from(await (await fetch(`${server.url}${imageUrl}`)).arrayBuffer());
    await stop(server);

    const backup = await runScript("scripts/backup.ts", ["--out", file], first);
    expect(backup.output).toMatch(/Backup written: .*\n.*\n\s+size [\d.]+ MB, took [\d.]+ s/);
    expect(backup.code).toBe(0);
    fs.renameSync(first, `${first}-moved`);
    dirs.push(`${first}-moved`);

    const restore = await runScript("scripts/restore.ts", [file], second);
    expect(restore.output).toContain("Secrets key: restored into");
    expect(restore.output).toMatch(/leads\s+1\s+1\n/);
    expect(restore.code).toBe(0);

    const again = await startProductionServer(env(second));
    running.push(again);
    const restoredCookie = await signIn(again.url, account!.email!, account!.password!);
    const inbox = await fetch(`${again.url}/admin/inbox`, { headers: { cookie: restoredCookie } });
    expect(await inbox.text()).toContain("Backupfjord AS");
    const image = await fetch(`${again.url}${imageUrl}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(imageBytes)).toBe(true);
    expect((await fetch(`${again.url}/`)).status).toBe(200);
    await stop(again);

    // The restored folder now has rows: a second restore is refused without --replace.
    const refused = await runScript("scripts/restore.ts", [file], second);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("Restore refused: The database is not empty");
  });
});
