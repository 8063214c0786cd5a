// Creates the browser tests' staff accounts in one process (see staff-accounts.ts).
import { openDatabase } from "../../../app/lib/platform/db.server";
import { createUser } from "../../../app/lib/auth/users.server";

const accounts = JSON.parse(process.env.E2E_STAFF_JSON ?? "[]") as {
  email: string;
  name: string;
  password: string;
  role: "owner" | "editor" | "author";
}[];
const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
try {
  for (const account of accounts)
    await createUser(handle.db, {
      email: account.email,
      fullName: account.name,
      password: account.password,
      role: account.role,
    });
} finally {
  await handle.close();
}
