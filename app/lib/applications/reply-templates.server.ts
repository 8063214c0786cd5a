import { and, eq, sql } from "drizzle-orm";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { REPLY_LANGUAGES, REPLY_TEMPLATES, type ReplyLanguage, type ReplyTemplate } from "./application-forms";
import { REPLY_SEEDS } from "./reply-templates";

/**
 * "Svarmaler" (decision 064): the stored answer templates. Six rows, seeded once with the
 * texts that were code (version 1). A row that is not there reads as its seed (version 0),
 * so a reply can always be written, even on a database whose seeds have not run.
 */
const t = schema.applicationReplyTemplates;

export type StoredReplyTemplate = {
  template: ReplyTemplate;
  language: ReplyLanguage;
  subject: string;
  body: string;
  version: number;
  updatedAt: Date | null;
  updatedByName: string | null;
};

const seedOf = (template: ReplyTemplate, language: ReplyLanguage): StoredReplyTemplate => ({
  template,
  language,
  ...REPLY_SEEDS[template][language],
  version: 0,
  updatedAt: null,
  updatedByName: null,
});

/** All six, in the order the pages show them (template, then language). */
export async function listReplyTemplates(db: Database): Promise<StoredReplyTemplate[]> {
  const rows = await db.select().from(t);
  return REPLY_TEMPLATES.flatMap((template) =>
    REPLY_LANGUAGES.map((language) => {
      const row = rows.find((r) => r.template === template && r.language === language);
      return row ? { ...row, template, language } : seedOf(template, language);
    }),
  );
}

export async function getReplyTemplate(db: Database, template: ReplyTemplate, language: ReplyLanguage) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.template, template), eq(t.language, language)));
  return row ? { ...row, template, language } : seedOf(template, language);
}

export type SaveTemplateOutcome =
  | { kind: "saved"; version: number }
  | { kind: "unchanged" }
  | { kind: "stale"; current: StoredReplyTemplate };

/**
 * Saves one template read at `expectedVersion`. Refused ("stale") when a colleague saved
 * since, so nothing is overwritten; identical text writes and records nothing. Audited
 * with the template, language and new version (the text is in the row).
 */
export async function saveReplyTemplate(
  db: Database,
  actor: StaffActor,
  input: { template: ReplyTemplate; language: ReplyLanguage; subject: string; body: string; expectedVersion: number },
): Promise<SaveTemplateOutcome> {
  const { template, language, subject, body, expectedVersion } = input;
  return db.transaction(async (tx): Promise<SaveTemplateOutcome> => {
    const key = and(eq(t.template, template), eq(t.language, language));
    const [row] = await tx.select().from(t).where(key).for("update");
    const current = row ? { ...row, template, language } : seedOf(template, language);
    if (current.version !== expectedVersion) return { kind: "stale", current };
    if (current.subject === subject && current.body === body) return { kind: "unchanged" };
    const values = {
      subject,
      body,
      version: current.version + 1,
      updatedAt: sql`now()`,
      updatedBy: actor.userId,
      updatedByName: actor.name,
    };
    const written = row
      ? await tx.update(t).set(values).where(key).returning({ version: t.version })
      : await tx
          .insert(t)
          .values({ template, language, ...values })
          .onConflictDoNothing()
          .returning({ version: t.version });
    // Two first saves at once: the row the other one inserted wins, this one is stale.
    if (written.length === 0) return { kind: "stale", current: await getReplyTemplate(tx, template, language) };
    await auditAction(tx, actor, "application_template_saved", { template, language, version: values.version });
    return { kind: "saved", version: values.version };
  });
}
