// Backup and restore at a realistic size: a fresh embedded database with 10,000 leads (each
// a contact request with a note) and 100 MB of media (100 files of incompressible bytes, as
// images and videos are), then `npm run backup` and `npm run restore` as processes under
// /usr/bin/time: how long each took, the file's size, and each one's peak memory (max RSS).
//   npm run bench:backup [-- --leads 10000 --media-mb 100]
// Figures, not pass/fail. Uses a temporary folder it removes afterwards.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/lib/platform/db.server";

const { values } = parseArgs({
  options: { leads: { type: "string", default: "10000" }, "media-mb": { type: "string", default: "100" } },
});
const leads = Number(values.leads);
const mediaMb = Number(values["media-mb"]);
// Each data folder made by mkdtemp itself: the embedded database then lives inside it (a
// private parent folder would move it to /var/lib when run as root, left behind afterwards).
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
const source = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-source-"));
const target = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-target-"));
const file = path.join(work, "bench.ffbackup");

/** Runs a script of ours under /usr/bin/time -v: its wall time, peak memory (max RSS) and output. */
function timed(script: string, args: string[], dataDir: string) {
  const started = Date.now();
  const result = spawnSync("/usr/bin/time", ["-v", process.execPath, "--import", "tsx", script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SECRETS_KEY: "", LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}${result.stderr}`);
  const maxRssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] ?? 0);
  return { seconds: (Date.now() - started) / 1000, maxRssMb: maxRssKb / 1024 };
}

async function main() {
  process.stdout.write(`Filling ${leads.toLocaleString("en")} leads and ${mediaMb} MB of media in ${work}\n`);
  const handle = await openDatabase({ dataDir: source, role: "server" });
  try {
    await handle.db.execute(sql`
      with requests as (
        insert into contact_requests (company, project, email)
        select 'Firma ' || n, repeat('Et prosjekt vi gjerne vil snakke om. ', 8), 'kontakt' || n || '@example.no'
        from generate_series(1, ${leads}) as n
        returning id
      ), made as (
        insert into leads (kind, contact_request_id) select 'contact', id from requests returning id
      )
      insert into lead_notes (lead_id, body, author_name) select id, 'Ringte tilbake, sender tilbud.', 'Kari' from made`);
  } finally {
    await handle.close();
  }
  const uploads = path.join(source, "uploads", "bench");
  fs.mkdirSync(uploads, { recursive: true });
  for (let n = 0; n < mediaMb; n++) fs.writeFileSync(path.join(uploads, `${n}.webp`), randomBytes(1024 * 1024));

  const backup = timed("scripts/backup.ts", ["--out", file], source);
  const size = fs.statSync(file).size;
  const restore = timed("scripts/restore.ts", [file], target);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    [
      "",
      `backup:  ${backup.seconds.toFixed(1)} s, file ${mb(size)} MB, peak memory ${backup.maxRssMb.toFixed(0)} MB`,
      `restore: ${restore.seconds.toFixed(1)} s, peak memory ${restore.maxRssMb.toFixed(0)} MB`,
      "(times include starting the embedded PostgreSQL for the command; peak memory is the Node process's max RSS)",
      "",
    ].join("\n"),
  );
}

main()
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const dir of [work, source, target]) fs.rmSync(dir, { recursive: true, force: true });
  });
