import { confirmSchema } from "../platform/confirm-forms";
import { z } from "zod";

/**
 * The staff page-content forms other than the editor's own (page-registry.ts has that):
 * publish, discard and restore, each its own route. Browser-safe.
 */
export const PAGE_STATE_LABELS = {
  published: "Publisert",
  draft: "Utkast med upubliserte endringer",
} as const;

/** Publish carries the draft revision the editor showed: a newer draft is not published unseen. */
export const publishSchema = z.object({
  intent: z.literal("publish"),
  revision: z.coerce.number().int().min(0),
});

export const discardSchema = confirmSchema("discard", "Kryss av for å bekrefte at utkastet skal forkastes.").extend({
  revision: z.coerce.number().int().min(0),
});

export const restoreSchema = confirmSchema("restore", "Kryss av for å bekrefte at versjonen skal gjenopprettes.").extend({
  version: z.coerce.number().int().min(0),
});

/** The refusal of a change made on a page someone else changed meanwhile. */
export function conflictMessage(by: string, at: string | null) {
  return `Siden er endret av ${by}${at ? ` ${at}` : ""} siden du åpnet den. Teksten din er ikke lagret, men står fortsatt i skjemaet: åpne siden i en ny fane for å se endringene, og ta med det du vil beholde.`;
}

/** The notices after a change (shown once, from the flash cookie: decision 047). */
export const PAGE_NOTICES = {
  saved: "Utkastet er lagret. Nettstedet viser fortsatt den publiserte teksten.",
  published: "Siden er publisert og vises nå på nettstedet.",
  discarded: "Utkastet er forkastet.",
} as const;
