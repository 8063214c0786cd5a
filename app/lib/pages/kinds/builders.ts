import type { z } from "zod";
import { type EditorSpec, type FieldGroup, type FieldKind, type FieldSpec, type ListSpec, listOf } from "../page-fields";

/**
 * The pieces every kind of page builds its editor from (decision 069): one text, a list
 * that grows, shrinks and reorders, a page's list of sections, the search-engine panel.
 */
export const field = (name: string, label: string, kind: FieldKind, hint?: string): FieldSpec => ({ name, label, kind, hint });

export const list = (
  name: string,
  label: string,
  itemLabel: string,
  rules: { min: number; max: number },
  fields: EditorSpec[],
  newItem: unknown,
  hint?: string,
): ListSpec => ({ type: "list", name, label, itemLabel, ...rules, fields, newItem, hint });

/** The search-engine panel, last on every page; `title` is the page's own title in search results. */
export const seoGroup = (title: string): FieldGroup => ({
  id: "seo",
  label: "Søkemotorer og deling",
  fields: [{ type: "seo", name: "seo", label: "Søkemotorer", title }],
});

/**
 * A page's `sections`, a list staff grow, shrink and reorder (about's subject areas with
 * their team cards, the legal pages' sections), written once: the document's schema for
 * it, with the list's length rules in Norwegian, and the editor's group for it, each item
 * a "Seksjon" with `fields` (named relative to the item) and `newItem` what "Legg til" adds.
 */
export function sectionList<Item extends z.ZodType>(section: {
  /** The group's heading in the editor. */
  label: string;
  hint: string;
  rules: { min: number; max: number };
  item: Item;
  fields: EditorSpec[];
  newItem: unknown;
}) {
  const { label, hint, rules, item, fields, newItem } = section;
  return {
    schema: listOf(item, { ...rules, what: "seksjoner" }),
    group: {
      id: "sections",
      label,
      hint,
      fields: [list("sections", "Seksjoner", "Seksjon", rules, fields, newItem)],
    } satisfies FieldGroup,
  };
}
