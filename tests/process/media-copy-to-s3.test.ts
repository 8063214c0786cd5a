import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3Server } from "../support/s3-server";
import { makeDataDir } from "../support/server-process";

// `npm run media:copy-to-s3` as an operator runs it: DATA_DIR/uploads into the bucket
// named by S3_URL, counts on stdout, again without copying anything twice.

let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = makeDataDir("media-copy");
});
afterAll(async () => {
  try {
    await s3?.close();
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Runs the command to its end (a ceiling bounds a hang, it is not a timing). */
function copyCommand(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "media:copy-to-s3", "--", ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("npm run media:copy-to-s3", () => {
  it("copies DATA_DIR/uploads into the bucket, reports the counts, and copies nothing twice", async () => {
    const uploads = path.join(dataDir, "uploads");
    fs.mkdirSync(uploads);
    const files = {
      "0b6f8a52-8f5e-4c43-a0a8-1a2b3c4d5e6f-480.jpg": Buffer.alloc(300_000, 1),
      "0b6f8a52-8f5e-4c43-a0a8-1a2b3c4d5e6f-480.webp": Buffer.alloc(200_000, 2),
      "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f-960.png": Buffer.alloc(100_000, 3),
    };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(uploads, name), bytes);

    const first = await copyCommand({ DATA_DIR: dataDir, S3_URL: s3.url });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Copying folder ${uploads} to bucket ${s3.bucket} at ${s3.endpoint}`);
    expect(first.stdout).toContain("copied: 3 (0.6 MB), already there: 0, failed: 0");
    expect(await s3.keys()).toEqual(Object.keys(files).map((name) => `uploads/${name}`).sort());
    for (const [name, bytes] of Object.entries(files)) expect((await s3.bytes(`uploads/${name}`)).equals(bytes)).toBe(true);

    const again = await copyCommand({ DATA_DIR: dataDir, S3_URL: s3.url });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("copied: 0 (0.0 MB), already there: 3, failed: 0");

    // Another folder, named with --from; a name that is not a media key is a failure, exit 1.
    const other = path.join(dataDir, "old-uploads");
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, "ab12-480.gif"), "GIF89a");
    fs.writeFileSync(path.join(other, "my photo.jpg"), "x");
    const from = await copyCommand({ DATA_DIR: dataDir, S3_URL: s3.url }, ["--from", other]);
    expect(from.code).toBe(1);
    expect(from.stdout).toContain("copied: 1 (0.0 MB), already there: 0, failed: 1");
    expect(from.stderr).toContain('failed: my photo.jpg: Not a media key: "my photo.jpg"');
    expect(await s3.keys()).toContain("uploads/ab12-480.gif");
  });

  it("says what to set when no bucket is configured", async () => {
    const result = await copyCommand({ DATA_DIR: dataDir, S3_URL: "" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No bucket configured: set S3_URL (or S3_BUCKET and the other S3_* settings) first.");
  });
});
