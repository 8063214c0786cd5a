import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { restoreBackup } from "~/lib/backup/backup-restore.server";
import { tablesInOrder } from "~/lib/backup/backup-schema.server";
import { writeBackupFile } from "~/lib/backup/backup-write.server";
import { createUser } from "~/lib/auth/users.server";
import { createPost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { createJob, jobInputSchema } from "~/lib/careers/jobs.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import type { MediaStore } from "~/lib/media/storage/media-store.server";
import { storeImage } from "~/lib/media/uploads.server";
import { createIssue } from "~/lib/newsletter/issues.server";
import { startSend } from "~/lib/newsletter/sending.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { KEY_VERSION, keyFingerprint } from "~/lib/platform/secrets.server";
import { embeddedConnection } from "~/lib/platform/embedded-postgres.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { addLeadNote, listLeads } from "~/lib/visitor-forms/leads.server";
import { upgradeUnsubscribeTokens } from "~/lib/visitor-forms/newsletter.server";
import * as fixtures from "../fixtures/images";
import { adminQuery, createTestDatabase, engineName } from "../support/test-database";

// The promise of issue 30: a backup taken while the site is being written to restores to
// exactly what the snapshot saw, every table and every media file; a cut or altered file,
// a newer schema and a database with rows in it are refused with a message saying so.
const SITE = "https://www.fjordform.test";
const onServer = Boolean(process.env.TEST_DATABASE_URL);
let source: DatabaseHandle;
let work: string;
let media: MediaStore;

beforeAll(async () => {
  source = await createTestDatabase();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  media = createLocalStore(path.join(work, "uploads"));
  await fillEveryKindOfContent();
});
afterAll(async () => {
  await source?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function fillEveryKindOfContent() {
  const db = source.db;
  await runSeeds(db);
  const user = await createUser(db, { email: "kari@fjordform.test", fullName: "Kari", password: "a long enough pass" });
  const actor = { userId: user.id, name: "Kari", ip: "192.0.2.7", userAgent: "vitest" };
  await createPost(
    db,
    postInputSchema.parse({ title: "Fjordlys", excerpt: "Kort", author: "Kari", content: "Tekst", published: true }),
    actor,
  );
  await createJob(
    db,
    actor,
    jobInputSchema.parse({
      title: "Utvikler",
      location: "Oslo",
      type: "Full-time",
      description: "x",
      applyLink: "mailto:jobs@fjordform.no",
    }),
  );
  await submitContact(db, { company: "Fjellgården AS", project: "Ny nettbutikk, æøå", email: "ola@fjell.no" }, SITE);
  const [lead] = (await listLeads(db, { page: 1 })).rows;
  await addLeadNote(db, lead!.id, "Ringte tilbake", actor);
  await db.insert(schema.newsletterSubscribers).values([
    { email: "a@fjell.no", status: "active", consentText: "Ja takk", confirmedAt: new Date() },
    { email: "b@fjell.no", status: "active", consentText: "Ja takk", confirmedAt: new Date() },
  ]);
  await upgradeUnsubscribeTokens(db);
  const issue = await createIssue(db, { subject: "Høst", preheader: "", body: "Tekst", featuredImage: "" }, actor);
  expect((await startSend(db, issue, 2, actor)).kind).toBe("started");
  await storeImage(db, { bytes: await fixtures.png(), uploadedBy: user.id, altText: "Kajakk", store: media });
  await media.put("showcase/film.mp4", randomBytes(300_000), { contentType: "video/mp4" });
}

/** Every table's rows as sorted JSON text: two databases with the same content compare equal. */
async function contentOf(connection: pg.PoolConfig) {
  const client = new pg.Client({ ...connection, options: "-c TimeZone=UTC" });
  await client.connect();
  try {
    const content: Record<string, string[]> = {};
    for (const table of await tablesInOrder(client)) {
      const result = await client.query<{ j: string }>(`select row_to_json(t)::text as j from public."${table}" t`);
      content[table] = result.rows.map((row) => row.j).sort();
    }
    return content;
  } finally {
    await client.end();
  }
}

async function filesOf(store: MediaStore) {
  const files: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const found = await store.read(key);
    files[key] = Buffer.from(await new Response(found!.body as ReadableStream).arrayBuffer()).toString("base64");
  }
  return files;
}

/** Where a restore goes: a new empty database on the embedded server, or the one real database, replaced. */
async function target() {
  if (onServer) return { connection: source.connection, replace: true, drop: async () => {} };
  const socketDir = inject("embeddedSocketDir");
  const name = `restore_${randomBytes(5).toString("hex")}`;
  await adminQuery(socketDir, `create database ${name}`);
  return {
    connection: embeddedConnection(socketDir, name),
    replace: false,
    drop: () => adminQuery(socketDir, `drop database if exists ${name} with (force)`),
  };
}

describe(`backup and restore (${engineName()})`, () => {
  it("a backup taken under writes restores every table and media file as the snapshot saw them", async () => {
    const file = path.join(work, "under-writes.ffbackup");
    // Writes keep coming while the backup runs: each is a whole transaction, in or out.
    let writing = true;
    const writes = (async () => {
      for (let n = 0; writing; n++) {
        await submitContact(source.db, { company: `Firma ${n}`, project: "Mer", email: `p${n}@fjell.no` }, SITE);
      }
    })();
    const { manifest } = await writeBackupFile(file, { connection: source.connection, media, batchRows: 3 });
    writing = false;
    await writes;

    expect(manifest.tables.leads!.rows).toBeGreaterThan(0);
    for (const table of [
      "blog_posts",
      "job_listings",
      "leads",
      "lead_notes",
      "newsletter_subscribers",
      "newsletter_sends",
      "media",
      "security_events",
      "users",
      "mail_outbox",
    ]) {
      expect(manifest.tables[table]?.rows, table).toBeGreaterThan(0);
    }
    const sourceFiles = await filesOf(media);
    expect(Object.keys(sourceFiles)).toContain("showcase/film.mp4");
    expect(manifest.media.files).toBe(Object.keys(sourceFiles).length);
    // What the snapshot saw: the leads table at the manifest's count, whatever came after.
    const restoredMedia = createLocalStore(path.join(work, "restored-uploads"));
    const into = await target();
    const before = await contentOf(source.connection);
    try {
      const report = await restoreBackup(file, {
        connection: into.connection,
        media: restoredMedia,
        replace: into.replace,
      });
      for (const [table, { rows }] of Object.entries(manifest.tables))
        expect(report.written.tables[table], table).toBe(rows);
      const after = await contentOf(into.connection);
      for (const table of Object.keys(before)) {
        if (onServer) continue; // the one database was replaced: compared against the manifest above
        const expected =
          table === "leads" || table === "contact_requests" || table === "mail_outbox" ? undefined : before[table];
        if (expected) expect(after[table], table).toEqual(expected);
        else expect(after[table]!.length, table).toBe(manifest.tables[table]!.rows);
      }
      expect(await filesOf(restoredMedia)).toEqual(sourceFiles);
    } finally {
      await into.drop();
    }
  });

  it("the staff-only files (CVs) go into the backup and back into the private store, never among the media", async () => {
    const file = path.join(work, "with-private.ffbackup");
    const privateFiles = createLocalStore(path.join(work, "private"));
    const cv = Buffer.from("%PDF-1.7\n% a candidate's CV\n%%EOF\n");
    await privateFiles.put("applications/cv-1.pdf", cv, { contentType: "application/pdf" });
    const { manifest } = await writeBackupFile(file, { connection: source.connection, media, privateFiles });
    expect(manifest.media.files).toBe(Object.keys(await filesOf(media)).length + 1);

    const restoredMedia = createLocalStore(path.join(work, "private-test-uploads"));
    const restoredPrivate = createLocalStore(path.join(work, "private-test-private"));
    const into = await target();
    try {
      await restoreBackup(file, {
        connection: into.connection,
        media: restoredMedia,
        privateFiles: restoredPrivate,
        replace: into.replace,
      });
      expect(await filesOf(restoredPrivate)).toEqual(await filesOf(privateFiles));
      expect(Object.keys(await filesOf(restoredMedia))).not.toContain("private/applications/cv-1.pdf");
      expect(Object.keys(await filesOf(restoredMedia)).sort()).toEqual(Object.keys(await filesOf(media)).sort());
    } finally {
      await into.drop();
    }
  });

  it("restores to the same content when nothing writes: every table equal, row for row", async () => {
    const file = path.join(work, "quiet.ffbackup");
    await writeBackupFile(file, { connection: source.connection, media });
    const before = await contentOf(source.connection);
    const into = await target();
    try {
      await restoreBackup(file, {
        connection: into.connection,
        media: createLocalStore(path.join(work, "quiet-uploads")),
        replace: into.replace,
      });
      expect(await contentOf(into.connection)).toEqual(before);
    } finally {
      await into.drop();
    }
  });

  it("an encrypted backup carries the key, needs its passphrase, and refuses a wrong one", async () => {
    const file = path.join(work, "sealed.ffbackup");
    const key = randomBytes(32);
    const { manifest } = await writeBackupFile(file, {
      connection: source.connection,
      media,
      passphrase: "a long passphrase",
      secretsKey: key,
    });
    expect(manifest.secretsKey).toBe("included");
    expect(fs.readFileSync(file).includes(Buffer.from("kari@fjordform.test"))).toBe(false);
    const into = await target();
    try {
      const options = {
        connection: into.connection,
        media: createLocalStore(path.join(work, "sealed-uploads")),
        replace: into.replace,
      };
      await expect(restoreBackup(file, options)).rejects.toThrow("The backup is encrypted: give its passphrase");
      await expect(restoreBackup(file, { ...options, passphrase: "the wrong one!" })).rejects.toThrow(
        "the passphrase is wrong",
      );
      const report = await restoreBackup(file, { ...options, passphrase: "a long passphrase" });
      expect(report.keyOutcome).toBe("restored");
      expect(report.secretsKey?.equals(key)).toBe(true);
    } finally {
      await into.drop();
    }
  });

  it("refuses a cut, an altered, a newer-schema backup and a database with rows, touching nothing", async () => {
    const file = path.join(work, "good.ffbackup");
    await writeBackupFile(file, { connection: source.connection, media });
    const bytes = fs.readFileSync(file);
    const cut = path.join(work, "cut.ffbackup");
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const altered = path.join(work, "altered.ffbackup");
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)]! ^= 0xff;
    fs.writeFileSync(altered, changed);

    const into = await target();
    try {
      const options = {
        connection: into.connection,
        media: createLocalStore(path.join(work, "refused-uploads")),
        replace: into.replace,
      };
      await expect(restoreBackup(cut, options)).rejects.toThrow(/The backup file is incomplete: it was cut short/);
      await expect(restoreBackup(altered, options)).rejects.toThrow(/The backup file is (damaged|incomplete)/);
      if (!onServer) {
        // Nothing was written: the target is still empty, so a good file restores into it.
        await restoreBackup(file, options);
        await expect(restoreBackup(file, options)).rejects.toThrow(
          "The database is not empty: restore into an empty one, or add --replace to overwrite everything in it.",
        );
        await expect(restoreBackup(file, { ...options, replace: true })).resolves.toBeDefined();
      }
    } finally {
      await into.drop();
    }
    const newer = path.join(work, "newer.ffbackup");
    const client = new pg.Client(source.connection);
    await client.connect();
    try {
      // A migration this version does not know, as a newer version of the site would have left.
      await client.query(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 99999999999999)`,
      );
      await writeBackupFile(newer, { connection: source.connection, media });
    } finally {
      await client.query(`delete from drizzle.__drizzle_migrations where hash = 'future'`);
      await client.end();
    }
    await expect(restoreBackup(newer, { connection: source.connection, media, replace: true })).rejects.toThrow(
      /The backup was made by a newer version of the site \(schema unknown-99999999999999; this version knows up to \d{4}_/,
    );
  });

  it("restored without the key, what the old key sealed is removed and said so; with the same key it all stays", async () => {
    const oldKey = randomBytes(32);
    const client = new pg.Client(source.connection);
    await client.connect();
    try {
      await client.query("delete from secret_key_versions");
      await client.query("insert into secret_key_versions (version, fingerprint) values ($1, $2)", [
        KEY_VERSION,
        keyFingerprint(oldKey),
      ]);
      const user = await client.query<{ id: string }>("select id from users limit 1");
      await client.query("insert into mfa_factors (user_id, secret, confirmed_at) values ($1, 'v1:sealed', now())", [
        user.rows[0]!.id,
      ]);
    } finally {
      await client.end();
    }
    const file = path.join(work, "keyless.ffbackup");
    const { manifest } = await writeBackupFile(file, { connection: source.connection, media, secretsKey: oldKey });
    expect(manifest.secretsKey).toBe("missing"); // not encrypted: the key stays out

    const count = async (connection: pg.PoolConfig, query: string) => {
      const reader = new pg.Client(connection);
      await reader.connect();
      try {
        return Number((await reader.query<{ n: string }>(query)).rows[0]!.n);
      } finally {
        await reader.end();
      }
    };
    for (const [currentKey, outcome, factors] of [
      [randomBytes(32), "missing", 0],
      [oldKey, "same", 1],
    ] as const) {
      const into = await target();
      try {
        const report = await restoreBackup(file, {
          connection: into.connection,
          media: createLocalStore(path.join(work, `keyless-${outcome}`)),
          replace: into.replace,
          currentKey,
        });
        expect(report.keyOutcome).toBe(outcome);
        expect(await count(into.connection, "select count(*) as n from mfa_factors")).toBe(factors);
        expect(await count(into.connection, "select count(*) as n from secret_key_versions")).toBe(factors);
        const rehash = await count(
          into.connection,
          "select count(*) as n from newsletter_subscribers where unsubscribe_token_hash is null",
        );
        expect(rehash).toBe(outcome === "missing" ? 2 : 0); // made again with the new key at start-up
      } finally {
        await into.drop();
      }
    }
  });
});
