import fs from "node:fs/promises";
import path from "node:path";
import PostalMime, { type Email } from "postal-mime";

/**
 * The test server has no SMTP: its mail worker writes every message as
 * `<iso-time>-<kind>-<id>.eml` under `${E2E_DATA_DIR}/mail`. This reads that folder
 * like an inbox. Tests run in parallel, so always match on a recipient unique to the test.
 */
const KINDS = [
  "contact-notification",
  "contact-receipt",
  "newsletter-confirm",
  "newsletter-welcome",
  "gdpr-report",
  "gdpr-notification",
  "account-security",
  "new-browser",
  "staff-invitation",
  "password-reset",
  "email-change-confirm",
  "newsletter-issue",
  "newsletter-test",
  "application-receipt",
  "application-notification",
  "application-reply-thanks",
  "application-reply-interview",
  "application-reply-rejection",
  "post-review",
  "page-review",
] as const;
export type MailKind = (typeof KINDS)[number];

export type Mail = Email & { file: string; kind: string; recipients: string[] };

export type MailQuery = {
  /** A recipient address (case-insensitive). */
  to?: string;
  kind?: MailKind;
  /** Text the plain-text body must contain. */
  text?: string;
};

/** An address nobody else in this run uses. */
export function uniqueAddress(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function mailDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dataDir, "mail");
}

// A file is parsed once it is settled (not modified for a moment), so a message being
// written is never read half-way; settled files never change, so they are cached.
const SETTLED_MS = 300;
const parsed = new Map<string, Mail>();

async function parseFile(name: string): Promise<Mail> {
  const raw = await fs.readFile(path.join(mailDir(), name));
  const email = await PostalMime.parse(raw);
  const kind = KINDS.find((k) => name.includes(`Z-${k}-`)) ?? "unknown";
  const recipients = (email.to ?? [])
    .flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address]))
    .map((a) => a.toLowerCase());
  return Object.assign(email, { file: name, kind, recipients });
}

/** Every settled message in the folder, oldest first. */
export async function readMailbox(): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await fs.readdir(mailDir())).filter((name) => name.endsWith(".eml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const mails: Mail[] = [];
  for (const name of names) {
    let mail = parsed.get(name);
    if (!mail) {
      const { mtimeMs } = await fs.stat(path.join(mailDir(), name));
      if (Date.now() - mtimeMs < SETTLED_MS) continue;
      mail = await parseFile(name);
      parsed.set(name, mail);
    }
    mails.push(mail);
  }
  return mails;
}

function matches(mail: Mail, query: MailQuery) {
  if (query.kind && mail.kind !== query.kind) return false;
  if (query.to && !mail.recipients.includes(query.to.toLowerCase())) return false;
  if (query.text && !(mail.text ?? "").includes(query.text)) return false;
  return true;
}

export async function findMails(query: MailQuery) {
  return (await readMailbox()).filter((mail) => matches(mail, query));
}

/** Polls the folder until a message matches; fails with what did arrive for that address. */
export async function waitForMail(query: MailQuery, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [found] = await findMails(query);
    if (found) return found;
    if (Date.now() > deadline) {
      const near = query.to ? (await findMails({ to: query.to })).map((m) => `${m.kind}: ${m.subject}`) : [];
      throw new Error(
        `No e-mail matching ${JSON.stringify(query)} within ${timeoutMs} ms. For that address: ${JSON.stringify(near)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A header's value (headers are matched case-insensitively). */
export function header(mail: Mail, name: string) {
  return mail.headers.find((h) => h.key === name.toLowerCase())?.value;
}

/** The first absolute link in the plain-text body whose path starts with `pathPrefix`. */
export function linkIn(mail: Mail, pathPrefix: string) {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(`https?://[^\\s/]+${escaped}[^\\s<>"]*`).exec(mail.text ?? "")?.[0];
  if (!found) throw new Error(`No ${pathPrefix} link in the e-mail "${mail.subject}":\n${mail.text}`);
  return found;
}
