// Removes every second factor of a staff account (authenticator app, recovery codes,
// passkeys) and ends its sessions, for someone who lost every device (decision 065):
//   npm run user:reset-two-step -- --email ada@example.no
// Check who is asking first: this is the way around two-step verification. The password
// stays; the person signs in with it and sets up two-step verification again.
import { parseArgs } from "node:util";
import { getConfig } from "../app/lib/platform/config.server";
import { openDatabase } from "../app/lib/platform/db.server";
import { SCRIPT_ACTOR } from "../app/lib/auth/security-events.server";
import { resetTwoStep } from "../app/lib/auth/two-step-reset.server";

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  if (!values.email) throw new Error("Usage: npm run user:reset-two-step -- --email you@example.no");
  const config = getConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await resetTwoStep(handle.db, values.email, SCRIPT_ACTOR);
    if (result.kind === "not-found") throw new Error(`No staff account has the address ${values.email}`);
    process.stdout.write(
      `Two-step verification reset for ${values.email}: ${result.factors} authenticator app(s), ` +
        `${result.passkeys} passkey(s) removed, ${result.sessions} session(s) ended\n`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
