import { z } from "zod";
import { aboutPage } from "./kinds/about";
import { homePage } from "./kinds/home";
import { careersPage, gdprPage, workPage } from "./kinds/intros";
import { privacyPage, termsPage } from "./kinds/legal";
import { servicePages } from "./kinds/services";
import { PAGE_KEYS, type PageDefinition, type PageKey } from "./page-definition";

/**
 * Every public page whose words staff edit (docs/decisions/044), in the order of the back
 * office's list. Each kind of page (home, services, about, the introductions, the legal
 * documents) defines its schema, editor fields and seed in its own file under `kinds/`
 * (decision 069). Browser-safe: the editor validates with the same schema the server
 * writes and reads with.
 */
export {
  LOCALES,
  type Locale,
  PAGE_KEYS,
  type PageContentOf,
  type PageDefinition,
  type PageDocument,
  type PageKey,
} from "./page-definition";

export const PAGES: PageDefinition[] = [
  homePage,
  ...servicePages,
  aboutPage,
  workPage,
  careersPage,
  gdprPage,
  termsPage,
  privacyPage,
];

export function isPageKey(key: string): key is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(key);
}

export function pageDefinition(key: PageKey): PageDefinition {
  return PAGES.find((page) => page.key === key)!;
}

/** The editor's form: the document and the draft revision it was opened at. */
export function draftFormSchema(definition: PageDefinition) {
  return z.object({
    revision: z.coerce.number({ error: "Mangler revisjon." }).int().min(0),
    // The form does not send the document's version: it is always the current one.
    content: z.preprocess(
      (value) => ({ ...(value as object), schemaVersion: definition.seed.schemaVersion }),
      definition.schema,
    ),
  });
}
