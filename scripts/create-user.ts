// Creates a staff account without prompts:
//   npm run user:create -- --email ada@example.no --name "Ada Lovelace" [--role owner|editor|author] [--password=…]
// The role is editor unless given (decision 059); the account made at first start is the owner.
// Without --password a strong one is generated and printed once. Uses the same
// database settings as the server (DATABASE_URL or the embedded one in DATA_DIR).
// Write --password=VALUE: a value starting with "-" would otherwise read as an option.
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { getConfig } from "../app/lib/platform/config.server";
import { openDatabase } from "../app/lib/platform/db.server";
import { generatePassword } from "../app/lib/auth/password.server";
import { isRole, ROLES } from "../app/lib/auth/roles";
import { createUser } from "../app/lib/auth/users.server";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string", default: "" },
      password: { type: "string" },
      role: { type: "string", default: "editor" },
    },
  });
  if (!values.email) {
    throw new Error(
      'Usage: npm run user:create -- --email you@example.no --name "Full Name" [--role owner|editor|author] [--password=…]',
    );
  }
  if (!isRole(values.role)) throw new Error(`--role must be one of: ${ROLES.join(", ")}`);
  const role = values.role;
  const password = values.password ?? generatePassword();
  const config = getConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const user = await createUser(handle.db, { email: values.email, fullName: values.name, password, role });
    process.stdout.write(`Created staff user ${user.email} (${role})\n`);
    if (!values.password) process.stdout.write(`Password (shown once): ${password}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  const message =
    error instanceof ZodError
      ? error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n")
      : error.message;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
