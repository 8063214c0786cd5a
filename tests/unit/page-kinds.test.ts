import { describe, expect, it } from "vitest";
import type { ListSpec } from "~/lib/pages/page-fields";
import { PAGE_KEYS, PAGES, pageDefinition } from "~/lib/pages/page-registry";

// The page kinds (decision 069): one file each, the about page's and the legal pages'
// sections written by one builder. What the editor shows and what a save may hold.
describe("the page kinds", () => {
  it("list every page once, in the back office's order, each with its seed valid", () => {
    expect(PAGES.map((page) => page.key)).toEqual([...PAGE_KEYS]);
    for (const page of PAGES) expect([page.key, page.schema.safeParse(page.seed).success]).toEqual([page.key, true]);
  });

  it.each([
    ["about", "Fagområder og teamkort", 8],
    ["terms", "Seksjoner", 40],
    ["privacy", "Seksjoner", 40],
  ] as const)("%s: its sections are a list of «Seksjon» that must hold 1 to %s", (key, label, max) => {
    const page = pageDefinition(key);
    const group = page.groups.find((candidate) => candidate.id === "sections")!;
    const sections = group.fields[0] as ListSpec;
    expect([group.label, sections.type, sections.name, sections.itemLabel, sections.min, sections.max]).toEqual([
      label,
      "list",
      "sections",
      "Seksjon",
      1,
      max,
    ]);
    const seed = page.seed as { sections: unknown[] };
    const refused = (sectionsOf: unknown[]) =>
      page.schema.safeParse({ ...seed, sections: sectionsOf }).error?.issues.map((issue) => issue.message);
    expect(refused([])).toEqual(["Legg til minst 1 seksjoner."]);
    expect(refused(Array.from({ length: max + 1 }, () => seed.sections[0]))).toEqual([`Høyst ${max} seksjoner.`]);
    // What "Legg til" adds is a section the editor can fill in (empty, so refused until it is).
    expect(page.schema.safeParse({ ...seed, sections: [sections.newItem] }).success).toBe(false);
  });
});
