import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, schema } from "~/lib/platform/db.server";
import * as fixtures from "../fixtures/images";
import { call, productionServerForThisFile } from "./helpers";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// Issue 12, a class that held: uploads. Files that are not images (SVG with a script,
// HTML, a PHP shell), also when named and typed as images or starting with an image's
// magic bytes, are refused with nothing stored. What is stored is re-encoded by the
// server, so nothing but pixels is ever served back, under the server's own name, with
// its exact image type and nosniff, shown inline. Only image types are served from the
// folder, and nothing else in DATA_DIR, the secrets key least of all, is reachable.

// Without SECRETS_KEY, so the server writes its key file into DATA_DIR (and we can look for it).
const server = productionServerForThisFile({ SECRETS_KEY: "" });
const state = { cookie: "" };
let db: Database;
const invalidType = (type: string) =>
  `{"error":"Invalid file type: ${type}. Only JPEG, PNG, GIF, and WebP images are allowed."}`;
const uploadsFolder = () => path.join(server.dataDir, "uploads");
const storedFiles = () => (fs.existsSync(uploadsFolder()) ? fs.readdirSync(uploadsFolder()) : []);

beforeAll(async () => {
  db = await server.db();
  state.cookie = await cookieWith((await signedInStaff(db, "kari@fjordform.test")).token);
});

function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return call(server.url, "/api/upload-image", { origin: server.url, cookie: state.cookie, body: form });
}

describe("what is not an image", () => {
  it("is refused however it is named, typed or disguised, and nothing is stored", async () => {
    const html = Buffer.from(`<!doctype html><html><body><script>alert(document.cookie)</script></body></html>`);
    const gifHeaderThenHtml = Buffer.concat([Buffer.from("GIF89a"), html]);
    const cases = [
      {
        bytes: fixtures.svgWithScript,
        name: "logo.png",
        type: "image/png",
        status: 400,
        body: invalidType("application/xml"),
      },
      {
        bytes: fixtures.svgWithScript,
        name: "logo.svg",
        type: "image/svg+xml",
        status: 400,
        body: invalidType("application/xml"),
      },
      { bytes: html, name: "photo.jpg", type: "image/jpeg", status: 400, body: invalidType("unknown") },
      { bytes: fixtures.phpShell, name: "shell.php.png", type: "image/png", status: 400, body: invalidType("unknown") },
      {
        bytes: gifHeaderThenHtml,
        name: "loop.gif",
        type: "image/gif",
        status: 400,
        body: '{"error":"Failed to upload image: the content is not a valid GIF image."}',
      },
    ];
    for (const c of cases) {
      const reply = await upload(c.bytes, c.name, c.type);
      expect([c.name, c.type, reply.status, reply.body]).toEqual([c.name, c.type, c.status, c.body]);
    }
    expect(await db.select().from(schema.media)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("an image with HTML appended (a polyglot) is stored as pixels only: the HTML is not served back", async () => {
    const polyglot = Buffer.concat([
      await fixtures.png(),
      Buffer.from("<html><script>alert(document.domain)</script></html>"),
    ]);
    const reply = await upload(polyglot, `"><script>alert(1)</script>.png`, "image/png");
    expect(reply.status).toBe(201);
    const { url } = JSON.parse(reply.body).data;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-\d+\.png$/);
    for (const name of storedFiles()) {
      const bytes = fs.readFileSync(path.join(uploadsFolder(), name));
      expect([name, bytes.includes("<script")]).toEqual([name, false]);
    }
  });
});

describe("what is served from /uploads", () => {
  it("each stored copy: its exact image type, nosniff, shown inline, no trace of the uploader's file name", async () => {
    const reply = await upload(await fixtures.jpegWithGps(), `IMG "evil".jpg`, "image/jpeg");
    expect(reply.status).toBe(201);
    const [media] = (await db.select().from(schema.media)).filter((row) => row.mimeType === "image/jpeg");
    const types: Record<string, string> = { jpg: "image/jpeg", webp: "image/webp", png: "image/png", gif: "image/gif" };
    for (const url of Object.values(media!.variants)) {
      const served = await fetch(`${server.url}${url}`, { signal: AbortSignal.timeout(60_000) });
      const bytes = new Uint8Array(await served.arrayBuffer());
      expect([url, served.status]).toEqual([url, 200]);
      expect(served.headers.get("content-type")).toBe(types[url.split(".").pop()!]);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      // Shown, never offered as a download under a name the uploader chose.
      expect(served.headers.get("content-disposition") ?? "inline").toMatch(/^inline\b/);
      expect([...served.headers.values()].join("\n")).not.toContain("evil");
      expect(bytes.byteLength).toBeGreaterThan(0);
    }
  });

  it("a file that got into the folder some other way (HTML, SVG, even under an upload's name) is never served", async () => {
    const planted = {
      "planted.html": "<script>alert('planted')</script>",
      "planted.svg": `<svg xmlns="http://www.w3.org/2000/svg" onload="alert('planted')"/>`,
      [`${randomUUID()}-480.svg`]: `<svg xmlns="http://www.w3.org/2000/svg" onload="alert('planted')"/>`,
      [`${randomUUID()}-480.html`]: "<script>alert('planted')</script>",
      [`${randomUUID()}-480.jpg.html`]: "<script>alert('planted')</script>",
    };
    fs.mkdirSync(uploadsFolder(), { recursive: true });
    for (const [name, content] of Object.entries(planted)) fs.writeFileSync(path.join(uploadsFolder(), name), content);
    for (const name of Object.keys(planted)) {
      const reply = await call(server.url, `/uploads/${name}`);
      expect([name, reply.status]).toEqual([name, 404]);
      // The not-found page may name the address; the file's own content never shows.
      expect(reply.body).not.toContain("alert('planted')");
    }
  });

  it("nothing outside the uploads folder is reachable, the secrets key least of all", async () => {
    const key = fs.readFileSync(path.join(server.dataDir, "secrets.key"), "utf8").trim();
    for (const attempt of [
      "/uploads/..%2fsecrets.key",
      "/uploads/%2e%2e/secrets.key",
      "/uploads/%2e%2e%2fsecrets.key",
      "/uploads/..%5csecrets.key",
      "/uploads/%2e%2e/pg/PG_VERSION",
      "/secrets.key",
      "/data/secrets.key",
    ]) {
      const reply = await call(server.url, attempt);
      expect([attempt, reply.status]).toEqual([attempt, 404]);
      expect(reply.body).not.toContain(key);
    }
  });
});
