import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { ROLES, type Role } from "./roles";
import { siteConfig } from "~/content/site";
import { type Database, schema } from "../platform/db.server";
import { emailAddressSchema } from "../platform/email-address.server";
import { generatePassword, hashPassword, passwordSchema } from "./password.server";

/** Staff addresses: the shared plain-address rule, lower-cased whole (they are compared that way). */
export const emailSchema = z.string().trim().toLowerCase().pipe(emailAddressSchema);

const newUserSchema = z.object({
  email: emailSchema,
  fullName: z.string().trim().max(120).default(""),
  password: passwordSchema,
  /** Editor unless told: enough for the daily work, not the studio's keys (decision 059). */
  role: z.enum(ROLES).default("editor"),
});

export class UserExistsError extends Error {
  override name = "UserExistsError";
}

/** Creates a staff user and their profile in one transaction. */
export async function createUser(
  db: Database,
  input: { email: string; fullName?: string; password: string; role?: Role },
) {
  const { email, fullName, password, role } = newUserSchema.parse(input);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
    if (existing.length > 0) throw new UserExistsError(`A user with the e-mail ${email} already exists`);
    const [user] = await tx.insert(schema.users).values({ email, passwordHash, role }).returning({
      id: schema.users.id,
      email: schema.users.email,
    });
    if (!user) throw new Error("Insert returned no row");
    await tx.insert(schema.profiles).values({ id: user.id, fullName });
    return user;
  });
}

export async function countUsers(db: Database) {
  const [row] = await db.select({ value: count() }).from(schema.users);
  return row?.value ?? 0;
}

/**
 * On a database with no staff account, creates one with a random password and returns
 * its credentials so start-up can print them once. There is no default password.
 */
export async function ensureFirstUser(db: Database) {
  if ((await countUsers(db)) > 0) return undefined;
  const email = siteConfig.firstStaffEmail;
  const password = generatePassword();
  try {
    // The first account is an owner: someone must be able to open the Team page.
    await createUser(db, { email, fullName: "Site Admin", password, role: "owner" });
  } catch (error) {
    if (error instanceof UserExistsError) return undefined; // another instance won the race
    throw error;
  }
  return { email, password };
}

/**
 * Who an account is, for a mail to them or a line about them: the address, the name to
 * show (the full name, else the address) and the full name alone ("" when none) for a
 * greeting. Undefined for no id or an account that is gone.
 */
export async function accountOf(db: Database, userId: string | null) {
  if (!userId) return undefined;
  const [row] = await db
    .select({ email: schema.users.email, fullName: schema.profiles.fullName })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, userId));
  return row && { email: row.email, name: row.fullName || row.email, fullName: row.fullName ?? "" };
}
