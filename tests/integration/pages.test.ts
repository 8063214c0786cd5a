import { NotFoundError } from "~/lib/platform/domain-errors";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { serviceSeeds, type ServiceContent } from "~/content/services";
import { homeSeed } from "~/content/home";
import { createUser } from "~/lib/auth/users.server";
import { type Actor } from "~/lib/auth/security-events.server";
import { openPool, schema } from "~/lib/platform/db.server";
import { listenForNotifications } from "~/lib/platform/notifications.server";
import { createPageContentCache, getPageContent, getPageContentCache } from "~/lib/pages/page-content.server";
import {
  discardDraft,
  listPages,
  pageForEditing,
  publishDraft,
  restoreVersion,
  saveDraft,
} from "~/lib/pages/page-editing.server";
import { draftFormSchema, pageDefinition } from "~/lib/pages/page-registry";
import { capturingLog, errorLine } from "../support/captured-log";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Page content as data (docs/decisions/044) on a real PostgreSQL: drafts beside the
// published words, publishing with versions, refusal of a stale save, restore, the seed
// when what is stored does not fit, and a publish seen by a second process.
const handle = setUpTestDatabase();

let kari: Actor;
let ola: Actor;
beforeEach(async () => {
  getPageContentCache().clear();
  const a = await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari Nordmann", password: "correct horse battery" });
  const b = await createUser(handle.db, { email: "ola@fjordform.test", fullName: "Ola Hansen", password: "correct horse battery" });
  kari = { userId: a.id, ip: "192.0.2.1", userAgent: "test" };
  ola = { userId: b.id, ip: "192.0.2.2", userAgent: "test" };
});

const design = serviceSeeds.design;
const edited = (heading: string): ServiceContent => ({ ...design, hero: { ...design.hero, heading } });
const live = async (db = handle.db) => (await getPageContent(db, "design", "en", createPageContentCache())) as ServiceContent;
const auditActions = async () =>
  (await handle.db.select({ action: schema.securityEvents.action }).from(schema.securityEvents)).map((row) => row.action);

describe(`page content (${engineName()})`, () => {
  it("shows the seed on a fresh install", async () => {
    expect(await getPageContent(handle.db, "home")).toEqual(homeSeed);
    expect(await live()).toEqual(design);
    expect((await listPages(handle.db, "en")).map((page) => page.key)).toEqual([
      "home",
      "design",
      "development",
      "custom-ai",
      "ai-automations",
      "production",
      "about",
      "work",
      "careers",
      "gdpr-checklist",
      "terms",
      "privacy",
    ]);
  });

  it("a saved draft does not change the published page; publishing makes version 1", async () => {
    const saved = await saveDraft(handle.db, kari, "design", "en", { revision: 0, content: edited("We draw things") });
    expect(saved).toEqual({ kind: "saved", revision: 1 });
    expect((await live()).hero.heading).toBe(design.hero.heading);
    expect((await listPages(handle.db, "en")).find((p) => p.key === "design")).toMatchObject({
      hasDraft: true,
      changedBy: "Kari Nordmann",
    });

    expect(await publishDraft(handle.db, kari, "design", "en", 1)).toEqual({ kind: "published", version: 1 });
    expect((await live()).hero.heading).toBe("We draw things");
    const versions = await handle.db.select().from(schema.pageVersions);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ page: "design", locale: "en", version: 1, publishedBy: kari.userId });
    expect((await pageForEditing(handle.db, "design", "en")).draft).toBeUndefined();
    expect(await auditActions()).toEqual(expect.arrayContaining(["page_draft_saved", "page_published"]));
  });

  it("refuses a save made on a stale revision and names who changed the page", async () => {
    await saveDraft(handle.db, kari, "design", "en", { revision: 0, content: edited("Kari's heading") });
    const second = await saveDraft(handle.db, ola, "design", "en", { revision: 0, content: edited("Ola's heading") });
    expect(second).toMatchObject({ kind: "conflict", by: "Kari Nordmann" });
    expect((await pageForEditing(handle.db, "design", "en")).content.hero).toMatchObject({ heading: "Kari's heading" });
    // Publishing or discarding on the stale revision is refused the same way.
    expect(await publishDraft(handle.db, ola, "design", "en", 0)).toMatchObject({ kind: "conflict" });
    expect(await discardDraft(handle.db, ola, "design", "en", 0)).toMatchObject({ kind: "conflict" });
    expect(await discardDraft(handle.db, ola, "design", "en", 1)).toEqual({ kind: "discarded" });
    expect((await pageForEditing(handle.db, "design", "en")).content).toEqual(design);
  });

  it("restoring an earlier version publishes it as a new version", async () => {
    await saveDraft(handle.db, kari, "design", "en", { revision: 0, content: edited("First change") });
    await publishDraft(handle.db, kari, "design", "en", 1);
    await saveDraft(handle.db, kari, "design", "en", { revision: 2, content: edited("Second change") });
    await publishDraft(handle.db, kari, "design", "en", 3);
    expect((await live()).hero.heading).toBe("Second change");

    expect(await restoreVersion(handle.db, ola, "design", "en", 1)).toBe(3);
    expect((await live()).hero.heading).toBe("First change");
    // Version 0 is the seed: the words of a fresh install.
    expect(await restoreVersion(handle.db, ola, "design", "en", 0)).toBe(4);
    expect(await live()).toEqual(design);
    const versions = await handle.db.select().from(schema.pageVersions).where(eq(schema.pageVersions.page, "design"));
    expect(versions.map((v) => [v.version, v.restoredFromVersion])).toEqual([
      [1, null],
      [2, null],
      [3, 1],
      [4, 0],
    ]);
    await expect(restoreVersion(handle.db, ola, "design", "en", 99)).rejects.toThrow(NotFoundError);
    expect(await auditActions()).toContain("page_version_restored");
  });

  it("refuses, on the server too, a headline a phone cannot show, with the editor's message", async () => {
    const form = draftFormSchema(pageDefinition("design"));
    const messages = (heading: string) =>
      form.safeParse({ revision: "0", content: edited(heading) }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages("We create design and animation for every brand in Oslo")).toEqual([
      "Overskriften er for lang for en mobilskjerm: høyst 48 tegn.",
    ]);
    expect(messages("We create Supercalifragilistic design")).toEqual([
      "Ordet «Supercalifragilistic» er for langt til å brytes på en mobilskjerm (høyst 14 tegn i ett ord).",
    ]);
    expect(messages(design.hero.heading)).toEqual([]);
    await expect(
      saveDraft(handle.db, kari, "design", "en", { revision: 0, content: edited("x".repeat(49)) }),
    ).rejects.toThrow();
    expect((await pageForEditing(handle.db, "design", "en")).draft).toBeUndefined();
  });

  it("shows the seed, and logs, when the stored document does not fit the page's schema", async () => {
    await handle.db.insert(schema.pageContent).values({
      page: "design",
      locale: "en",
      published: { schemaVersion: 1, hero: { heading: 42 } },
      publishedVersion: 1,
    });
    const { result, lines } = await capturingLog(() => live());
    expect(result).toEqual(design);
    expect(lines).toContainEqual(errorLine("stored page content is not valid; showing the seed", { page: "design" }));
  });

  it("a publish in one process is seen at once by another process on the same database", async () => {
    // The other process: its own pool, its own cache, cleared by its own listener.
    const other = await openPool(handle.connection, handle.kind);
    const otherCache = createPageContentCache();
    const notified: string[] = [];
    const listener = listenForNotifications(other, {
      content_changed: (table) => {
        notified.push(table);
        otherCache.clear();
      },
    });
    try {
      await listener.ready;
      const read = async () => ((await getPageContent(other.db, "design", "en", otherCache)) as ServiceContent).hero.heading;
      expect(await read()).toBe(design.hero.heading); // now cached there
      await saveDraft(handle.db, kari, "design", "en", { revision: 0, content: edited("Seen everywhere") });
      await publishDraft(handle.db, kari, "design", "en", 1);
      await expect.poll(read, { timeout: 10_000 }).toBe("Seen everywhere");
      expect(notified).toContain("page_content");
    } finally {
      await listener.stop();
      await other.close();
    }
  });
});
