// Copies the local uploads folder into the configured bucket, before switching the
// server(s) to it or to make sure nothing was left behind:
//   S3_URL=s3://KEY:SECRET@host/bucket npm run media:copy-to-s3 [-- --from /path/to/uploads]
// The folder defaults to DATA_DIR/uploads. Safe to run again: what the bucket already
// has (same name and size) is skipped. Prints the counts; exits 1 if anything failed.
import path from "node:path";
import { parseArgs } from "node:util";
import { getConfig } from "../app/lib/platform/config.server";
import { copyMedia } from "../app/lib/media/copy-media.server";
import { createLocalStore } from "../app/lib/media/storage/local-store.server";
import { createMediaStore } from "../app/lib/media/storage/media-store.server";

async function main() {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  const config = getConfig();
  if (config.mediaStorage.driver !== "s3") {
    throw new Error("No bucket configured: set S3_URL (or S3_BUCKET and the other S3_* settings) first.");
  }
  const folder = values.from ? path.resolve(values.from) : path.join(config.dataDir, "uploads");
  const from = createLocalStore(folder);
  const to = createMediaStore(config.mediaStorage);
  process.stdout.write(`Copying ${from.description} to ${to.description}\n`);
  const report = await copyMedia(from, to);
  for (const { key, error } of report.failed) process.stderr.write(`failed: ${key}: ${error}\n`);
  const megabytes = (report.copiedBytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `copied: ${report.copied} (${megabytes} MB), already there: ${report.skipped}, failed: ${report.failed.length}\n`,
  );
  if (report.failed.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
