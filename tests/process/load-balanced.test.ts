import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, chromium } from "@playwright/test";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCKOUT, LOGIN_MESSAGES } from "~/lib/auth/login.server";
import { schema } from "~/lib/platform/db.server";
import * as fixtures from "../fixtures/images";
import { chromiumArgs, chromiumPath, hasChromium } from "../support/chromium";
import { waitUntil } from "../support/fault-load";
import { canConnectFrom, type RoundRobinProxy, startRoundRobinProxy } from "../support/round-robin-proxy";
import { S3ServerUnavailable, type S3TestServer, startS3Server } from "../support/s3-server";
import {
  BROWSER_UA,
  freePort,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { createSharedDatabase } from "../support/shared-database";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { waitForHydration as hydrated } from "../e2e/support/hydration";
import { wakeWizard } from "../e2e/support/wizard";

// Issue 17's proof: ONE PostgreSQL (a database on the run's embedded cluster), ONE
// object store (s3rver), one SMTP peer, TWO production instances (`node server.js`)
// behind a round-robin proxy that alternates per request, and Chromium driving the
// site through the proxy only. Nothing an instance keeps to itself may matter: any
// request may land on either one.
//
// A vitest process test rather than a Playwright spec: the Playwright config runs one
// server it starts itself for every spec; this test needs its own cluster of processes
// (the helpers in tests/support start and stop them), so it drives Chromium with
// Playwright's library from here.

const run = promisify(execFile);
const INSTANCES = 2;
const CLIENT = "127.0.0.1"; // where the test and Chromium connect from
const STAFF = {
  email: "redaktor@fjordform.test",
  name: "Redaktør Test",
  password: randomBytes(18).toString("base64url"),
};
const LOCKED = {
  email: "gjettet@fjordform.test",
  name: "Gjettet Konto",
  password: randomBytes(18).toString("base64url"),
};

let skipReason: string | undefined;
let s3: S3TestServer | undefined;
let peer: SmtpPeer | undefined;
let shared: Awaited<ReturnType<typeof createSharedDatabase>> | undefined;
let proxy: RoundRobinProxy | undefined;
let browser: Browser | undefined;
/** The proxy connects to the instances from here (127.0.0.2 where it can), so they see it apart from the client. */
let proxyAddress = CLIENT;
const instances: RunningServer[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  try {
    s3 = await startS3Server({ bucket: "media-lb" });
  } catch (error) {
    if (!(error instanceof S3ServerUnavailable)) throw error;
    skipReason = `SKIPPED: two instances behind a load balancer need an object store, and ${error.message}`;
    console.warn(`⚠ ${skipReason}`);
    return;
  }
  if (!hasChromium()) {
    const ci = process.env.CI === "true" || process.env.CI === "1";
    if (ci) throw new Error(`CI=true but no Chromium at ${chromiumPath()}: the browser proof is mandatory in CI`);
    skipReason = `SKIPPED: no Chromium at ${chromiumPath()} (Debian: apt-get install chromium, or set CHROMIUM_PATH)`;
    console.warn(`⚠ ${skipReason}`);
    return;
  }
  shared = await createSharedDatabase("lb");
  peer = await startSmtpPeer();
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  if (await canConnectFrom("127.0.0.2")) proxyAddress = "127.0.0.2";
  proxy = await startRoundRobinProxy(
    ports.map((port) => `http://127.0.0.1:${port}`),
    { fromAddress: proxyAddress === CLIENT ? undefined : proxyAddress },
  );

  // Staff accounts as an operator makes them: the documented command, on the shared database.
  for (const account of [STAFF, LOCKED]) {
    await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/create-user.ts",
        "--email",
        account.email,
        "--name",
        account.name,
        `--password=${account.password}`,
      ],
      { env: { ...process.env, DATABASE_URL: shared.url, LOG_LEVEL: "error" } },
    );
  }

  // Every instance gets the same settings but its own (unused) DATA_DIR: nothing may
  // depend on a file one instance wrote. SECRETS_KEY comes from vitest.config.ts.
  const started = await Promise.allSettled(
    ports.map((port, i) => {
      const dataDir = makeDataDir(`lb-instance-${i}`);
      dataDirs.push(dataDir);
      return startProductionServer(
        {
          DATA_DIR: dataDir,
          DATABASE_URL: shared!.url,
          S3_URL: s3!.url,
          SMTP_URL: peer!.url,
          SITE_URL: proxy!.url,
          TRUST_PROXY: "1",
          // The visitor here types at a machine's speed; the time trap has tests of its own (decision 062).
          FORM_MIN_SECONDS: "0",
        },
        { port },
      );
    }),
  );
  for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;

  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
});

afterAll(async () => {
  const steps: (() => Promise<unknown> | undefined)[] = [
    () => browser?.close(),
    () => killAll(instances),
    () => proxy?.close(),
    ...dataDirs.map((dir) => () => removeDataDir(dir)),
    () => peer?.close(),
    () => shared?.drop(),
    () => s3?.close(),
  ];
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
});

/** Which instance answered each request for `path` (in order), from the proxy's log. */
const upstreamsOf = (method: string, pathname: string) =>
  proxy!.log.filter((entry) => entry.method === method && entry.path === pathname).map((entry) => entry.upstream);

/** A request through the proxy as a plain client (not the browser). */
const through = (pathname: string, init: RequestInit = {}) =>
  fetch(proxy!.url + pathname, { ...init, headers: { "user-agent": BROWSER_UA, ...init.headers } });

/** Everything queued in the outbox has been handed to the SMTP peer. */
const outboxEmpty = async () =>
  (
    await shared!.handle.db
      .select({ id: schema.mailOutbox.id })
      .from(schema.mailOutbox)
      .where(ne(schema.mailOutbox.status, "sent"))
  ).length === 0;

describe(`${INSTANCES} production instances behind a round-robin proxy, one PostgreSQL, one object store`, () => {
  it("staff sign in, upload an image and publish a post with it; a visitor reads both back from either instance", async (context) => {
    if (skipReason) return context.skip(skipReason);
    const title = `Two instances one site ${randomBytes(3).toString("hex")}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

    // Both instances render /blog into their page cache before the post exists.
    for (let i = 0; i < INSTANCES; i++) expect(await (await through("/blog")).text()).not.toContain(title);

    let imageUrl = "";
    let uploadedBy: number | undefined;
    const staff = await browser!.newContext({ baseURL: proxy!.url });
    try {
      const page = await staff.newPage();
      await page.goto("/login");
      await hydrated(page);
      await page.getByLabel("Email", { exact: true }).fill(STAFF.email);
      await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
      await page.locator("form.auth-form button[type=submit]").click();
      await page.waitForURL(/\/admin$/, { timeout: 60_000 });
      await page.getByRole("heading", { name: /^Velkommen tilbake, / }).waitFor();

      await page.goto("/blog/cms");
      await hydrated(page);
      await page.getByLabel("Tittel (Title) *").fill(title);
      await page.getByLabel("Utdrag (Excerpt) *").fill("One site, two processes, one bucket.");
      await page.getByLabel("Forfatter (Author) *").fill(STAFF.name);
      await page.getByLabel("Innhold (Content) *").fill("Uploaded through one instance.\nServed by both.");
      // The editor asks what the image shows before it uploads anything.
      await page.getByLabel("Alternativ tekst (beskriv bildet) *").fill("A fjord between two steep hillsides.");
      await page
        .locator("input[type=file]")
        .setInputFiles({ name: "fjord.png", mimeType: "image/png", buffer: await fixtures.png() });
      await page.getByRole("status").filter({ hasText: "Image uploaded successfully!" }).waitFor({ timeout: 60_000 });
      imageUrl = await page.getByLabel("Fremhevet bilde (Featured image URL)").inputValue();
      expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-800\.png$/);
      await page.getByRole("button", { name: "Publiser" }).click();
      await page.waitForURL(/\/blog\/manage$/, { timeout: 60_000 });
      await page.getByRole("status").filter({ hasText: "Blogginnlegg publisert!" }).waitFor();

      // The image went to the bucket, not to the disk of the instance that took the upload.
      [uploadedBy] = upstreamsOf("POST", "/api/upload-image");
      expect(uploadedBy).toBeDefined();
      expect(await s3!.keys("uploads/")).toContain(`uploads${imageUrl.slice("/uploads".length)}`);
      for (const dir of dataDirs)
        expect(fs.existsSync(path.join(dir, "uploads")), `no uploads folder in ${dir}`).toBe(false);

      // A visitor, in a fresh browser context: the post and its image, through the proxy.
      const visitor = await browser!.newContext({ baseURL: proxy!.url });
      try {
        const reader = await visitor.newPage();
        await reader.goto(`/blog/${slug}`);
        expect(await reader.getByRole("heading", { level: 1 }).textContent()).toBe(title);
        // Loaded and decoded (the browser picks the 480 or 800 px width from srcset).
        const image = reader.locator(`img[src="${imageUrl}"]`);
        await image.waitFor();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
            timeout: 60_000,
          })
          .toBeGreaterThanOrEqual(480);
      } finally {
        await visitor.close();
      }
    } finally {
      await staff.close();
    }

    // Requests one after another alternate, so a path asked for INSTANCES times in a row
    // reaches every instance, whatever came before: each serves the post, /blog with the new
    // post (its page cache was cleared by a change made on the other instance or on itself),
    // and the image (streamed from the bucket, byte for byte the same). Asked for in turns,
    // the post and /blog each landed on one instance only once the page's requests before
    // them changed in number (the favicon went into the page).
    const bytes = await s3!.bytes(imageUrl.slice(1));
    for (let i = 0; i < INSTANCES; i++) {
      const post = await through(`/blog/${slug}`);
      expect(post.status).toBe(200);
      expect(await post.text()).toContain(title);
    }
    for (let i = 0; i < INSTANCES; i++) expect(await (await through("/blog")).text()).toContain(title);
    for (let i = 0; i < INSTANCES; i++) {
      const image = await through(imageUrl);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const imageServers = new Set(upstreamsOf("GET", imageUrl));
    expect([...imageServers].sort(), "the image was served by every instance").toEqual([0, 1]);
    expect(new Set(upstreamsOf("GET", `/blog/${slug}`)).size).toBe(INSTANCES);
    expect(
      proxy!.served.every((count) => count > 0),
      `requests per instance: ${proxy!.served.join(", ")}`,
    ).toBe(true);

    // The instances took the client's address from X-Forwarded-For (TRUST_PROXY=1), not the proxy's.
    const signIns = await shared!.handle.db
      .select({ ip: schema.loginAttempts.ipAddress, success: schema.loginAttempts.success })
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, STAFF.email));
    expect(signIns).toEqual([{ ip: CLIENT, success: true }]);
    // One line for the run's log: which instance did what (the note quotes it).
    process.stdout.write(
      `load-balanced: proxy at ${proxy!.url} (to the instances from ${proxyAddress}); requests per instance ${proxy!.served.join(" / ")}; ` +
        `upload via instance ${uploadedBy}, image served by ${[...imageServers].join(" and ")}\n`,
    );
  });

  it("wrong passwords spread over both instances lock the account at the same count as on one", async (context) => {
    if (skipReason) return context.skip(skipReason);
    const guesses = 12;
    const before = proxy!.log.length;
    const answers = await Promise.all(
      Array.from({ length: guesses }, async (_, i) => {
        const response = await through("/login", {
          method: "POST",
          headers: { origin: proxy!.url },
          body: new URLSearchParams({ email: LOCKED.email, password: `wrong guess number ${i}` }),
          redirect: "manual",
        });
        return response.text();
      }),
    );
    const locked = LOGIN_MESSAGES.locked(LOCKOUT.lockMinutes).split(" Please")[0]!;
    expect(answers.filter((text) => text.includes(LOGIN_MESSAGES.invalid))).toHaveLength(LOCKOUT.maxFailures - 1);
    expect(answers.filter((text) => text.includes(locked))).toHaveLength(guesses - LOCKOUT.maxFailures + 1);
    const servedBy = proxy!.log
      .slice(before)
      .filter((entry) => entry.path === "/login")
      .map((entry) => entry.upstream);
    expect(new Set(servedBy).size, "the guesses landed on both instances").toBe(INSTANCES);

    const attempts = await shared!.handle.db
      .select({ error: schema.loginAttempts.errorMessage })
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, LOCKED.email));
    expect(
      attempts.filter((a) => a.error === "invalid_credentials"),
      "passwords checked",
    ).toHaveLength(LOCKOUT.maxFailures);
    expect(attempts.filter((a) => a.error === "account_locked")).toHaveLength(guesses - LOCKOUT.maxFailures);
    const lockEvents = await shared!.handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "account_locked"));
    expect(lockEvents).toHaveLength(1);

    // The right password is refused on each instance now.
    for (let i = 0; i < INSTANCES; i++) {
      const text = await (
        await through("/login", {
          method: "POST",
          headers: { origin: proxy!.url },
          body: new URLSearchParams({ email: LOCKED.email, password: LOCKED.password }),
          redirect: "manual",
        })
      ).text();
      expect(text).toContain(locked);
    }
  });

  it("a contact request's two e-mails arrive exactly once each; the per-address limit holds across both", async (context) => {
    if (skipReason) return context.skip(skipReason);
    const company = `Fjordlast ${randomBytes(3).toString("hex")}`;
    const email = `kunde-${randomBytes(3).toString("hex")}@example.no`;
    const page = await browser!.newPage({ baseURL: proxy!.url });
    try {
      await page.goto("/contact");
      await wakeWizard(page);
      await page.getByLabel("What is your company name?", { exact: true }).fill(company);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByLabel("Tell us about your project.", { exact: true }).fill("A site on two instances.");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByLabel("What is the best way to get in touch with you?", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("heading", { name: "Thank you for reaching out! We are contacting you shortly." }).waitFor();
    } finally {
      await page.close();
    }

    // Both instances' mail workers poll the one outbox; each message goes out once.
    await waitUntil(outboxEmpty, "the outbox to be delivered");
    const queued = await shared!.handle.db
      .select({ messageId: schema.mailOutbox.messageId, kind: schema.mailOutbox.kind })
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.status, "sent"));
    const aboutThis = peer!.messages.filter(
      (m) => m.envelopeTo.includes(email) || `${m.subject ?? ""}\n${m.text ?? ""}`.includes(company),
    );
    expect(aboutThis.map((m) => (m.envelopeTo.includes(email) ? "receipt" : "notification")).sort()).toEqual([
      "notification",
      "receipt",
    ]);
    const ids = peer!.messages.map((m) => m.messageId);
    expect(new Set(ids).size, "no message was delivered twice").toBe(ids.length);
    expect(ids.length).toBe(queued.length);

    // The contact limit is 5 per client address per 10 minutes, counted in the shared
    // database: 4 more, alternating instances, then the 6th and 7th are refused on
    // both, also with a forged X-Forwarded-For (the proxy appends the real address).
    const statuses: number[] = [];
    const before = proxy!.log.length;
    for (let i = 0; i < 6; i++) {
      const response = await through("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", ...(i === 5 ? { "x-forwarded-for": "198.51.100.77" } : {}) },
        body: JSON.stringify({ company: `Limit ${i}`, project: "Limit", email: `limit${i}@example.no` }),
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    const refusedBy = proxy!.log
      .slice(before)
      .filter((entry) => entry.path === "/api/contact" && entry.status === 429)
      .map((entry) => entry.upstream);
    expect(new Set(refusedBy).size, "refused by both instances").toBe(INSTANCES);
    await waitUntil(outboxEmpty, "the outbox to be delivered");
    const all = peer!.messages.map((m) => m.messageId);
    expect(new Set(all).size).toBe(all.length);
  });
});
