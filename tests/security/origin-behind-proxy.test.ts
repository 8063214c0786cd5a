import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/platform/db.server";
import { createUser } from "~/lib/auth/users.server";
import {
  BROWSER_UA,
  freePort,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { ANSWER_CEILING_MS } from "./helpers";

// Issue 12: behind a proxy that rewrites Host (to internal:3000, say), the browser's
// Origin is still the public address, SITE_URL. Writes are checked against SITE_URL,
// so every form keeps working there, and an Origin that merely matches Host is refused.

const PROXIED_HOST = "internal:3000";
const REFUSED = { error: "Cross-origin request refused" };
let server: RunningServer;
let dataDir: string;
let siteUrl: string;
const password = randomBytes(18).toString("base64url");

beforeAll(async () => {
  dataDir = makeDataDir("origin-test");
  const setup = await openDatabase({ dataDir });
  try {
    await createUser(setup.db, { email: "proxy@fjordform.test", fullName: "Proxy Tester", password });
  } finally {
    await setup.close();
  }
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  server = await startProductionServer({ DATA_DIR: dataDir, SITE_URL: siteUrl }, { port });
});
afterAll(async () => {
  try {
    if (server) await killAll([server]);
  } finally {
    if (dataDir) await removeDataDir(dataDir);
  }
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A POST as the proxy forwards it: to the app's port, with the proxy's Host header. */
function postThroughProxy(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          host: PROXIED_HOST,
          "user-agent": BROWSER_UA,
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
        timeout: ANSWER_CEILING_MS,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${ANSWER_CEILING_MS / 1000} s`)));
    request.on("error", reject);
    request.end(body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

describe("Origin equal to SITE_URL, Host rewritten by the proxy", () => {
  let cookie = "";

  it("the sign-in form works (a React Router action)", async () => {
    const wrong = await postThroughProxy(
      "/login",
      { origin: siteUrl, "content-type": FORM },
      form({ email: "proxy@fjordform.test", password: "not-the-password-1" }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("Invalid email or password");

    const signedIn = await postThroughProxy(
      "/login",
      { origin: siteUrl, "content-type": FORM },
      form({ email: "proxy@fjordform.test", password }),
    );
    expect(signedIn.status).toBe(200);
    cookie = (signedIn.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
    expect(cookie).toMatch(/session=/);
  });

  it("a visitor form and a staff write work", async () => {
    const contact = await postThroughProxy(
      "/api/contact",
      { origin: siteUrl, "content-type": "application/json" },
      JSON.stringify({ company: "Behind a proxy", project: "Host rewritten", email: "proxy.visitor@example.no" }),
    );
    expect(contact.status).toBe(201);

    expect(cookie).not.toBe("");
    const post = await postThroughProxy(
      "/api/blog",
      { origin: siteUrl, "content-type": "application/json", cookie },
      JSON.stringify({
        title: "Written behind a proxy",
        excerpt: "Host rewritten",
        author: "Proxy Tester",
        content: "Body.",
      }),
    );
    expect(post.status).toBe(201);
  });
});

describe("an Origin other than SITE_URL", () => {
  it("is refused even when it matches the Host header", async () => {
    for (const path of ["/api/contact", "/login"]) {
      const refused = await postThroughProxy(
        path,
        { origin: `http://${PROXIED_HOST}`, "content-type": FORM },
        form({ email: "proxy@fjordform.test", password }),
      );
      expect(refused.status, path).toBe(403);
      expect(JSON.parse(refused.body), path).toEqual(REFUSED);
    }
  });

  it("is refused when foreign", async () => {
    const refused = await postThroughProxy(
      "/login",
      { origin: "https://evil.example", "content-type": FORM },
      form({ email: "proxy@fjordform.test", password }),
    );
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual(REFUSED);
  });
});
