import { randomBytes } from "node:crypto";
import { embeddedConnection } from "~/lib/platform/embedded-postgres.server";
import { BROWSER_UA } from "./server-process";
import { adminQuery } from "./test-database";

/** One answer the load got: when it was sent and answered, its status, and the error text of a non-2xx. */
export type LoadAnswer = { sentAt: number; at: number; status: number; company: string; error?: string };

/**
 * Contact requests from `workers` parallel clients until `stop()`. Keeps every answer,
 * and the companies of the acknowledged (201) ones, which must all be in the database
 * afterwards. A refused connection (the server is away) is retried after a moment.
 */
export function contactLoad(url: string, options: { workers?: number; prefix?: string } = {}) {
  const workers = options.workers ?? 4;
  const prefix = options.prefix ?? "Load";
  const answers: LoadAnswer[] = [];
  const companies: string[] = [];
  /** The sender address of each acknowledged request (its receipt goes there). */
  const emails: string[] = [];
  let stopped = false;
  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const company = `${prefix} ${w}-${i}`;
      const email = `${prefix.toLowerCase().replace(/[^a-z0-9]/g, "")}${w}.${i}@example.no`;
      const sentAt = Date.now();
      try {
        const response = await fetch(`${url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
          body: JSON.stringify({ company, project: "Durability", email }),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        const answer: LoadAnswer = { sentAt, at: Date.now(), status: response.status, company };
        if (response.status === 201) {
          companies.push(company);
          emails.push(email);
        } else answer.error = errorOf(text);
        answers.push(answer);
        // Not a hot loop while every answer is a quick 503.
        if (response.status !== 201) await pause(25);
      } catch {
        await pause(25);
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    answers,
    companies,
    emails,
    get acknowledged() {
      return companies.length;
    },
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

function errorOf(text: string) {
  try {
    return String((JSON.parse(text) as { error?: unknown }).error);
  } catch {
    return text.slice(0, 200);
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true; fails after `ceilingMs` (a bound on a hang, not a timing). */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ceilingMs = 120_000) {
  const deadline = Date.now() + ceilingMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${ceilingMs / 1000} s`);
    await pause(50);
  }
}

/** Signs in with the /login form, as a browser would; returns the Cookie header to send. */
export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    headers: { origin: url },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie.includes("session=")) throw new Error(`Sign-in failed: ${response.status}`);
  return cookie;
}

/**
 * A database of its own on the run's embedded PostgreSQL (tests/support/embedded-cluster.global.ts),
 * for a server started with DATABASE_URL. `drop()` removes it.
 */
export async function throwawayDatabase(socketDir: string, prefix = "fault") {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(socketDir, `create database ${name}`);
  return {
    name,
    /** A URL through the Unix socket itself. */
    socketUrl: `postgres://postgres@localhost/${name}?host=${encodeURIComponent(socketDir)}`,
    /** A URL through a TCP port on 127.0.0.1 (a proxy in front of the socket). */
    tcpUrl: (port: number) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    connection: embeddedConnection(socketDir, name),
    drop: () => adminQuery(socketDir, `drop database if exists ${name} with (force)`),
  };
}

/**
 * `fetch`, but when the request fails because the app process is gone, the error says
 * so and shows the end of its output (the crash), instead of a bare "fetch failed".
 */
export async function fetchFrom(
  server: { process: { exitCode: number | null; signalCode: NodeJS.Signals | null }; output: () => string },
  url: string,
  init?: RequestInit,
) {
  try {
    return await fetch(url, init);
  } catch (error) {
    // The exit event may trail the refused connection by a moment.
    await pause(200);
    const { exitCode, signalCode } = server.process;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`The app process has exited (${exitCode ?? signalCode}); its last output:\n${server.output().slice(-3000)}`);
    }
    throw error;
  }
}
