import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type AboutContent, aboutSeed } from "~/content/about";
import { type LegalContent, legalPage, privacySeed, termsSeed } from "~/content/legal";
import { studioSeed } from "~/content/site";
import { createUser } from "~/lib/auth/users.server";
import { type Actor } from "~/lib/auth/security-events.server";
import { createPageContentCache, getPageContentCache, getPublishedPage } from "~/lib/pages/page-content.server";
import { pageForEditing, publishDraft, saveDraft } from "~/lib/pages/page-editing.server";
import { compareWithLive } from "~/lib/pages/page-history.server";
import { draftFormSchema, PAGES, pageDefinition } from "~/lib/pages/page-registry";
import { privacyVersionLine } from "~/lib/pages/privacy-version.server";
import { formatShortDate } from "~/lib/platform/dates";
import { type Database, schema } from "~/lib/platform/db.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { subscribe } from "~/lib/visitor-forms/newsletter.server";
import { STUDIO_SEED } from "~/lib/studio/studio-details";
import { engineName, setUpTestDatabase } from "../support/test-database";

// The pages registered after home and the service pages (decision 053): /about with its
// lists, the introductions, the legal documents; the privacy version a consent names;
// the last known words when the database does not answer.
const handle = setUpTestDatabase();
const SITE = "https://fjordform.test";

let kari: Actor;
beforeEach(async () => {
  getPageContentCache().clear();
  const user = await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari Nordmann", password: "correct horse battery" });
  kari = { userId: user.id, ip: "192.0.2.1", userAgent: "test" };
});

async function publish<T>(key: Parameters<typeof saveDraft>[2], content: T) {
  const { revision } = await pageForEditing(handle.db, key, "en");
  const saved = await saveDraft(handle.db, kari, key, "en", { revision, content: content as never });
  if (saved.kind !== "saved") throw new Error(`not saved: ${saved.kind}`);
  return publishDraft(handle.db, kari, key, "en", saved.revision);
}

/** A database whose every query fails, as one does during an outage. */
const downDatabase = new Proxy({} as Database, {
  get() {
    throw new Error("connect ECONNREFUSED");
  },
});

describe(`more pages (${engineName()})`, () => {
  it("every page's seed passes its own schema and the editor's form, so a fresh install can be saved as it is", () => {
    for (const page of PAGES) {
      expect(page.schema.safeParse(page.seed).error?.issues ?? [], page.key).toEqual([]);
      const form = draftFormSchema(page).safeParse({ revision: "0", content: page.seed });
      expect(form.error?.issues ?? [], page.key).toEqual([]);
    }
  });

  it("the legal seeds, filled with the seeded studio details, are the texts the pages had", () => {
    const terms = legalPage(termsSeed, STUDIO_SEED);
    expect(terms.sections[0]!.paragraphs[0]).toBe(
      "Fjord & Form is the trading name of Fjord & Form AS, a Norwegian limited company with organisation number 923 456 783 in the Brønnøysund Register Centre. Our address is Torggata 5, 0181 Oslo, Norway.",
    );
    expect(terms.sections.at(-2)!.paragraphs[1]).toContain("disputes go to Oslo tingrett as the agreed venue");
    const privacy = legalPage(privacySeed, { ...STUDIO_SEED, email: "personvern@example.no" });
    expect(privacy.sections[0]!.paragraphs[1]).toBe("For anything about your personal data, write to personvern@example.no.");
    expect(studioSeed.name).toBe("Fjord & Form");
  });

  it("about: sections and team members reorder, grow and shrink; a picture needs its alt text", async () => {
    const schemaOf = pageDefinition("about").schema;
    const [first, second, ...rest] = aboutSeed.sections;
    const reordered: AboutContent = {
      ...aboutSeed,
      sections: [
        second!,
        {
          ...first!,
          team: {
            ...first!.team,
            people: [{ ...first!.team.people[1]!, photo: "/uploads/2026/11/amir.webp", photoAlt: "Amir at his desk" }],
          },
        },
        ...rest.slice(0, 2),
      ],
    };
    const withoutAlt = structuredClone(reordered);
    delete withoutAlt.sections[1]!.team.people[0]!.photoAlt;
    const refused = schemaOf.safeParse(withoutAlt);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["sections.1.team.people.0.photoAlt", "Skriv alt-tekst for bildet: hva det viser."],
    ]);
    expect(schemaOf.safeParse({ ...aboutSeed, sections: [] }).error?.issues[0]?.message).toBe("Legg til minst 1 seksjoner.");

    expect(await publish("about", reordered)).toEqual({ kind: "published", version: 1 });
    const live = (await getPublishedPage(handle.db, "about", "en", createPageContentCache())).content as AboutContent;
    expect(live.sections.map((section) => section.title)).toEqual(["Development", "Custom AI", "Automation", "Production"]);
    expect(live.sections[1]!.team.people).toEqual([
      { name: "Amir Rahimi", role: "Data scientist", photo: "/uploads/2026/11/amir.webp", photoAlt: "Amir at his desk" },
    ]);
    // The history compares the lists item by item.
    const rows = (await compareWithLive(handle.db, "about", "en", 0))!.flatMap((group) => group.fields);
    expect(rows.find((row) => row.label === "Seksjon 1: Overskrift")).toMatchObject({ then: "Custom AI", now: "Development", changed: true });
    expect(rows.find((row) => row.label === "Seksjon 5: Overskrift")).toMatchObject({ then: "Design", now: "", changed: true });
  });

  it("a legal page's date is its published version's; before any publish, none (the spec's date shows)", async () => {
    expect(await getPublishedPage(handle.db, "terms", "en", createPageContentCache())).toMatchObject({ version: 0, publishedAt: null });
    const changed: LegalContent = { ...termsSeed, sections: [...termsSeed.sections].reverse() };
    await publish("terms", changed);
    const page = await getPublishedPage(handle.db, "terms", "en", createPageContentCache());
    expect(page.version).toBe(1);
    expect(page.publishedAt).toBeInstanceOf(Date);
    expect((page.content as LegalContent).sections[0]!.heading).toBe("Contact");
  });

  it("when the database does not answer, the last known words stand in, else the seed", async () => {
    const cache = createPageContentCache();
    await publish("careers", { ...pageDefinition("careers").seed, headline: "Come build with us." });
    expect((await getPublishedPage(handle.db, "careers", "en", cache)).content).toMatchObject({ headline: "Come build with us." });
    cache.clear(); // a publish elsewhere, say: the next read must ask the database
    const during = await getPublishedPage(() => downDatabase, "careers", "en", cache);
    expect(during.content).toMatchObject({ headline: "Come build with us." });
    const failingQuery = await getPublishedPage(
      { select: () => ({ from: () => ({ where: () => Promise.reject(new Error("terminating connection")) }) }) } as never,
      "careers",
      "en",
      cache,
    );
    expect(failingQuery.content).toMatchObject({ headline: "Come build with us." });
    // A process that never read the page shows the seed.
    expect((await getPublishedPage(() => downDatabase, "careers", "en", createPageContentCache())).content).toEqual(
      pageDefinition("careers").seed,
    );
    // And once the database answers again, it is read again.
    expect((await getPublishedPage(handle.db, "careers", "en", cache)).content).toMatchObject({ headline: "Come build with us." });
  });

  it("a consent made after a privacy-policy change names the new version; earlier ones keep theirs", async () => {
    await subscribe(handle.db, { email: "before@example.no", ip: "192.0.2.9", source: "footer" }, SITE);
    await submitContact(handle.db, { company: "Før AS", project: "Nettside", email: "lead-before@example.no" }, SITE);

    await publish("privacy", { ...privacySeed, intro: `${privacySeed.intro} We now also explain our backups.` });

    await subscribe(handle.db, { email: "after@example.no", ip: "192.0.2.9", source: "footer" }, SITE);
    await submitContact(handle.db, { company: "Etter AS", project: "App", email: "lead-after@example.no" }, SITE);

    const subscribers = await handle.db
      .select({ email: schema.newsletterSubscribers.email, version: schema.newsletterSubscribers.privacyVersion })
      .from(schema.newsletterSubscribers);
    expect(Object.fromEntries(subscribers.map((row) => [row.email, row.version]))).toEqual({
      "before@example.no": 0,
      "after@example.no": 1,
    });
    const leads = await handle.db
      .select({ company: schema.contactRequests.company, version: schema.leads.privacyVersion })
      .from(schema.leads)
      .innerJoin(schema.contactRequests, eq(schema.contactRequests.id, schema.leads.contactRequestId));
    expect(Object.fromEntries(leads.map((row) => [row.company, row.version]))).toEqual({ "Før AS": 0, "Etter AS": 1 });

    const [version] = await handle.db.select().from(schema.pageVersions).where(eq(schema.pageVersions.page, "privacy"));
    expect(await privacyVersionLine(handle.db, 1)).toEqual({
      text: `Personvernerklæring: versjon av ${formatShortDate(version!.publishedAt)}`,
      href: "/admin/pages/privacy/history?version=1",
    });
    expect(await privacyVersionLine(handle.db, 0)).toEqual({
      text: "Personvernerklæring: originalversjonen av 30.03.2025",
      href: "/admin/pages/privacy/history?version=0",
    });
    expect(await privacyVersionLine(handle.db, null)).toEqual({ text: "Personvernerklæring: før versjonering", href: null });
  });
});
