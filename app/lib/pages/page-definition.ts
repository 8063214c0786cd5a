import type { z } from "zod";
import type { AboutContent } from "~/content/about";
import type { HomeContent } from "~/content/home";
import type { CareersIntroContent, GdprIntroContent, WorkIntroContent } from "~/content/intros";
import type { LegalContent } from "~/content/legal";
import type { ServiceContent, ServiceSlug } from "~/content/services";
import type { FieldGroup } from "./page-fields";

/**
 * What a page whose words staff edit is (docs/decisions/044): its key, its name in the
 * back office, its address, the schema of its document, the editor's fields in page
 * order and the seed a fresh install shows. Each kind of page defines its own in
 * `kinds/` (decision 069); page-registry.ts lists them. Browser-safe.
 *
 * A document carries `schemaVersion`. When a page's shape changes, its schema gets the
 * new version and `upgrades[n]` turns a version-n document into version n+1; stored
 * documents are upgraded when read, so no data migration has to run.
 */
export type PageDefinition = {
  key: PageKey;
  label: string;
  path: string;
  schema: z.ZodType<PageDocument>;
  groups: FieldGroup[];
  seed: PageDocument;
  upgrades: Record<number, (document: Record<string, unknown>) => Record<string, unknown>>;
};

export type PageDocument =
  | HomeContent
  | ServiceContent
  | AboutContent
  | WorkIntroContent
  | CareersIntroContent
  | GdprIntroContent
  | LegalContent;

/** The document of one page, by its key. */
export type PageContentOf<K extends PageKey> = K extends "home"
  ? HomeContent
  : K extends ServiceSlug
    ? ServiceContent
    : K extends "about"
      ? AboutContent
      : K extends "work"
        ? WorkIntroContent
        : K extends "careers"
          ? CareersIntroContent
          : K extends "gdpr-checklist"
            ? GdprIntroContent
            : LegalContent;

/** The locales a page can be stored in; only English is published now. */
export const LOCALES = ["en"] as const;
export type Locale = (typeof LOCALES)[number];

export const SERVICE_ORDER: ServiceSlug[] = ["design", "development", "custom-ai", "ai-automations", "production"];
export const PAGE_KEYS = [
  "home",
  ...SERVICE_ORDER,
  "about",
  "work",
  "careers",
  "gdpr-checklist",
  "terms",
  "privacy",
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

