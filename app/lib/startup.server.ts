import path from "node:path";
import { siteConfig } from "~/content/site";
import { getConfig } from "./config.server";
import { getDatabaseHandle, openDatabase, setDatabase } from "./db.server";
import { log } from "./log.server";
import { createMailWorker, fileTransport, getMailWorker, setMailWorker, smtpTransport } from "./mail.server";
import { applyRetention } from "./retention.server";
import { runSeeds } from "./seed.server";
import { ensureFirstUser } from "./users.server";

/**
 * Everything the server does once before it accepts requests: validate settings,
 * open the database and migrate it, seed content once, make sure a staff account
 * exists. Returns the function that undoes it on shutdown.
 */
export async function startApp(): Promise<{ stop: () => Promise<void> }> {
  const existing = getDatabaseHandle();
  if (existing) return { stop: () => stopApp() }; // dev-server reload: already started

  const config = getConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  setDatabase(handle);
  log.info("database ready", {
    kind: handle.kind,
    ...(handle.kind === "pglite" ? { dataDir: config.dataDir } : {}),
  });

  await runSeeds(handle.db);
  const firstUser = await ensureFirstUser(handle.db);
  if (firstUser) printFirstUser(firstUser);

  const worker = createMailWorker({
    db: handle.db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "mail")),
    from: config.mailFrom ?? `"${siteConfig.name}" <${siteConfig.email}>`,
  });
  setMailWorker(worker);
  worker.start();
  log.info("mail delivery", { transport: worker.transport });

  // Retention: what the privacy policy promises to delete, deleted (hourly, and now).
  const housekeep = () => applyRetention(handle.db).catch((error) => log.warn("retention run failed", { error }));
  void housekeep();
  const housekeeping = setInterval(housekeep, 60 * 60_000);
  housekeeping.unref();
  stopHousekeeping = () => clearInterval(housekeeping);

  return { stop: () => stopApp() };
}

let stopHousekeeping = () => {};

async function stopApp() {
  stopHousekeeping();
  const worker = getMailWorker();
  setMailWorker(undefined);
  await worker?.stop();
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}

// Printed once, to the console only: the password is not stored anywhere in clear.
function printFirstUser({ email, password }: { email: string; password: string }) {
  const rule = "─".repeat(64);
  process.stdout.write(
    `\n${rule}\n  First staff account created (shown once, store it in a password manager):\n` +
      `    e-mail:   ${email}\n    password: ${password}\n` +
      `  Sign in at /login. Create more with: npm run user:create -- --email … --name …\n${rule}\n\n`,
  );
}
