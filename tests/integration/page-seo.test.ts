import { beforeEach, describe, expect, it } from "vitest";
import { serviceSeeds } from "~/content/services";
import { createUser } from "~/lib/auth/users.server";
import { getPageContentCache, getPublishedPage } from "~/lib/pages/page-content.server";
import { pageForEditing, publishDraft, saveDraft } from "~/lib/pages/page-editing.server";
import { compareWithLive } from "~/lib/pages/page-history.server";
import { draftFormSchema, pageDefinition } from "~/lib/pages/page-registry";
import { sitemapEntries } from "~/lib/site/sitemap.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// An edited page's own search fields (docs/decisions/056): a title, a share image and
// "hide from search engines" beside its description, kept in the page's document.
const handle = setUpTestDatabase();

beforeEach(() => getPageContentCache().clear());

async function actor() {
  const user = await createUser(handle.db, {
    email: `seo-${Date.now()}@fjordform.test`,
    fullName: "Kari",
    password: "a long enough pass",
  });
  return { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
}

/** The document the editor's schema makes of the seed with these search fields. */
function formContent(seo: Record<string, unknown>) {
  return draftFormSchema(pageDefinition("design")).parse({ revision: "0", content: { ...serviceSeeds.design, seo } })
    .content;
}

describe(`a page's search-engine fields (${engineName()})`, () => {
  it("an untouched page stores no search fields: a fresh install's document is its seed", () => {
    expect(formContent({})).toEqual(serviceSeeds.design);
    expect(formContent({ title: "  ", shareImage: "" })).toEqual(serviceSeeds.design);
  });

  it("refuses a share image from outside the library and a title search results cannot show", () => {
    const parse = (seo: Record<string, unknown>) =>
      draftFormSchema(pageDefinition("design")).safeParse({ revision: "0", content: { ...serviceSeeds.design, seo } });
    expect(parse({ shareImage: "https://evil.example/x.png" }).error?.issues[0]?.message).toMatch(/mediebiblioteket/);
    expect(parse({ title: "x".repeat(71) }).error?.issues[0]?.message).toMatch(/høyst 70 tegn/);
  });

  it("a page hidden from search engines leaves the sitemap once published, and the comparison names the fields", async () => {
    const kari = await actor();
    const paths = async () => (await sitemapEntries(handle.db)).map((entry) => entry.path);
    expect(await paths()).toContain("/design");

    const content = formContent({ title: "Design for Oslo", shareImage: "/uploads/design-1.png", noindex: true });
    expect(content.seo).toEqual({ title: "Design for Oslo", shareImage: "/uploads/design-1.png", noindex: true });
    const { revision } = await pageForEditing(handle.db, "design", "en");
    const saved = await saveDraft(handle.db, kari, "design", "en", { revision, content });
    if (saved.kind !== "saved") throw new Error(saved.kind);
    // A draft changes nothing for visitors or search engines.
    expect(await paths()).toContain("/design");

    await publishDraft(handle.db, kari, "design", "en", saved.revision);
    getPageContentCache().clear();
    expect((await getPublishedPage(handle.db, "design")).content.seo?.title).toBe("Design for Oslo");
    expect(await paths()).not.toContain("/design");
    expect(await paths()).toContain("/development");

    // The history's comparison with the seed shows what changed, field by field.
    const groups = await compareWithLive(handle.db, "design", "en", 0);
    const seo = groups?.find((group) => group.label === "Søkemotorer og deling");
    expect(seo?.fields.filter((field) => field.changed).map((field) => [field.label, field.now])).toEqual([
      ["Søkemotorer: tittel i søkeresultat", "Design for Oslo"],
      ["Søkemotorer: delingsbilde", "/uploads/design-1.png"],
      ["Søkemotorer: skjult for søkemotorer", "true"],
    ]);
  });
});
