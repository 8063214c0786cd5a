import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generateSecret } from "otplib";
import { afterEach, describe, expect, it } from "vitest";
import { matchSecondFactor } from "~/lib/auth/mfa.server";
import { openPool } from "~/lib/platform/db.server";
import { randomToken } from "~/lib/platform/tokens.server";
import {
  killAll,
  makeDataDir,
  removeDataDir,
  runServerToExit,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { createDatabaseAtMigration, createSharedDatabase } from "../support/shared-database";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { codeAt } from "./staff-fixtures";

// Issue 12, secrets at rest, against the production server: where the key comes from,
// that a server with another key refuses to start, and that a database written by the
// version before (plain TOTP keys, SHA-256 recovery codes, unsubscribe tokens in clear)
// is protected by the next start with nothing lost.

const NO_KEY = { SECRETS_KEY: "" }; // the tests' environment has one; these start without
const cleanups: (() => Promise<unknown>)[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  try {
    await killAll(servers);
  } finally {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }
});

async function start(env: Record<string, string>) {
  const server = await startProductionServer({ RATE_LIMIT_MULTIPLIER: "100", ...env });
  servers.push(server);
  return server;
}
async function stop(server: RunningServer) {
  server.process.kill("SIGTERM");
  await server.exited;
  servers.splice(servers.indexOf(server), 1);
}
async function smtpPeer(): Promise<SmtpPeer> {
  const peer = await startSmtpPeer();
  cleanups.push(() => peer.close());
  return peer;
}

/** Whether the unsubscribe page for `token` offers to unsubscribe `email` (the link works). */
async function linkWorksFor(url: string, token: string, email: string) {
  const html = await (await fetch(`${url}/newsletter/unsubscribe?token=${token}`)).text();
  return html.replace(/<!-- -->/g, "").includes(`${email} will get no more newsletters`);
}

describe("the embedded database without SECRETS_KEY", () => {
  it("the first start makes DATA_DIR/secrets.key (0600); the next start reuses it, so links keep working", async () => {
    const dataDir = makeDataDir("secrets-key");
    cleanups.push(() => removeDataDir(dataDir));
    const peer = await smtpPeer();
    const env = { ...NO_KEY, DATA_DIR: dataDir, SMTP_URL: peer.url };

    const first = await start(env);
    const keyFile = path.join(dataDir, "secrets.key");
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, "utf8");
    const signUp = await fetch(`${first.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "newsletter", email: "kari@example.no" }),
    });
    expect(signUp.status).toBe(200);
    await peer.waitFor((messages) => messages.length >= 1, 120_000);
    const token = /\/newsletter\/unsubscribe\?token=([\w-]{43})/.exec(peer.messages[0]!.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(await linkWorksFor(first.url, token!, "kari@example.no")).toBe(true);
    await stop(first);

    const second = await start(env);
    expect(fs.readFileSync(keyFile, "utf8")).toBe(key);
    expect(await linkWorksFor(second.url, token!, "kari@example.no")).toBe(true);
    await stop(second);

    // Another key for the same data: refused at start-up, naming the setting, not the key.
    const otherKey = randomBytes(32).toString("base64");
    const refused = await runServerToExit({ ...env, SECRETS_KEY: otherKey });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/SECRETS_KEY: the key \(from SECRETS_KEY\) is not the one this database's secrets/);
    expect(refused.output).not.toContain(otherKey);
  });
});

describe("DATABASE_URL", () => {
  it("without SECRETS_KEY the server does not start, and says which setting is missing", async () => {
    const shared = await createSharedDatabase("secrets_required");
    cleanups.push(() => shared.drop());
    const dataDir = makeDataDir("secrets-required");
    cleanups.push(() => removeDataDir(dataDir));
    const { code, output } = await runServerToExit({ ...NO_KEY, DATA_DIR: dataDir, DATABASE_URL: shared.url });
    expect(code).toBe(1);
    expect(output).toContain("SECRETS_KEY: required with DATABASE_URL");
    expect(fs.existsSync(path.join(dataDir, "secrets.key"))).toBe(false);
  });

  it("a malformed SECRETS_KEY is refused without printing it", async () => {
    const { code, output } = await runServerToExit({ SECRETS_KEY: "hunter2-is-not-a-key" });
    expect(code).toBe(1);
    expect(output).toContain("SECRETS_KEY: must be 32 random bytes");
    expect(output).not.toContain("hunter2");
  });
});

describe("a database written before secrets were protected", () => {
  it("is migrated and protected at start-up: old TOTP keys, recovery codes and unsubscribe links keep working", async () => {
    const old = await createDatabaseAtMigration("secrets_upgrade", "0003_login-ip-key");
    cleanups.push(() => old.drop());
    const totpSecret = generateSecret();
    const recoveryCode = "abcde-fghjk";
    const unsubscribeToken = randomToken();
    const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
    const {
      rows: [user],
    } = await old.query(`insert into users (email, password_hash) values ('kari@fjordform.test', 'x') returning id`);
    await old.query(`insert into mfa_factors (user_id, secret, confirmed_at) values ($1, $2, now())`, [
      user.id,
      totpSecret,
    ]);
    await old.query(`insert into mfa_recovery_codes (user_id, code_hash) values ($1, $2)`, [
      user.id,
      sha256("abcdefghjk"),
    ]);
    await old.query(
      `insert into newsletter_subscribers (email, status, consent_text, unsubscribe_token) values ('old@example.no', 'active', 'yes', $1)`,
      [unsubscribeToken],
    );

    const dataDir = makeDataDir("secrets-upgrade");
    cleanups.push(() => removeDataDir(dataDir));
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: old.url });

    const stored = JSON.stringify([
      (await old.query("select * from mfa_factors")).rows,
      (await old.query("select * from mfa_recovery_codes")).rows,
      (await old.query("select * from newsletter_subscribers")).rows,
    ]);
    for (const secret of [totpSecret, unsubscribeToken, sha256(unsubscribeToken), sha256("abcdefghjk")]) {
      expect(stored).not.toContain(secret);
    }
    const columns = await old.query(
      `select column_name from information_schema.columns where table_name = 'newsletter_subscribers'`,
    );
    expect(columns.rows.map((row) => row.column_name)).not.toContain("unsubscribe_token");

    // The link in the e-mail the subscriber already has, on the real server.
    expect(await linkWorksFor(server.url, unsubscribeToken, "old@example.no")).toBe(true);
    const leave = await fetch(`${server.url}/newsletter/unsubscribe`, {
      method: "POST",
      headers: { origin: server.url },
      body: new URLSearchParams({ token: unsubscribeToken }),
    });
    expect(await leave.text()).toContain("You’re unsubscribed.");
    expect((await old.query("select status from newsletter_subscribers")).rows).toEqual([{ status: "unsubscribed" }]);

    // The authenticator the staff member already has, and the recovery code on their paper.
    const app = await openPool({ connectionString: old.url }, "postgres");
    try {
      expect(await matchSecondFactor(app.db, user.id, await codeAt(totpSecret))).toBe("totp");
      expect(await matchSecondFactor(app.db, user.id, recoveryCode)).toBe("recovery_code");
    } finally {
      await app.close();
    }
  });
});
