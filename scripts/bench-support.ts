import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SCRIPT_ACTOR } from "../app/lib/auth/security-events.server";
import { createPost, postInputSchema } from "../app/lib/blog/blog.server";
import { type Database, openDatabase } from "../app/lib/platform/db.server";

/**
 * The Node flags `npm run start:prod` uses in `appDir`'s package.json, so a bench runs
 * the server as it runs in production.
 */
export function nodeFlagsOf(appDir: string) {
  const scripts = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8")).scripts ?? {};
  const command = /\bnode ((?:--[\w-]+(?:=\S+)? )*)server\.js/.exec(scripts["start:prod"] ?? "");
  return command?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/** Waits until `url` answers 2xx (a ceiling of 120 s), failing at once if `child` exits. */
export async function waitUntilAnswering(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

/**
 * A published post of a realistic length, written into `dataDir`'s database before the
 * server starts (a fresh site has none): "a post" in every bench. Returns its path.
 */
export async function seedBenchPost(dataDir: string) {
  const seed = await openDatabase({ dataDir });
  try {
    return await writeBenchPost(seed.db);
  } finally {
    await seed.close();
  }
}

/** The same post, into a database already open (a bench's shared PostgreSQL). */
export async function writeBenchPost(db: Database) {
  const post = await createPost(
    db,
    postInputSchema.parse({
      title: "What a private AI system needs",
      excerpt: "Local models, your data, no third parties.",
      author: "Fjord & Form",
      content: Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: ${"Local models keep data at home. ".repeat(12)}`).join("\n"),
    }),
    SCRIPT_ACTOR,
  );
  return `/blog/${post!.slug}`;
}
