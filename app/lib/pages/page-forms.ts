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

export const restoreSchema = confirmSchema(
  "restore",
  "Kryss av for å bekrefte at versjonen skal gjenopprettes.",
).extend({
  version: z.coerce.number().int().min(0),
});

/** An author (Skribent) drafts pages; these are refused in lib/pages (decision 071). */
export const AUTHORS_CANNOT_PUBLISH_PAGES =
  "Som skribent kan du ikke publisere sider. Send utkastet til godkjenning i stedet.";
export const AUTHORS_CANNOT_RESTORE_PAGES = "Som skribent kan du ikke gjenopprette en publisert versjon.";
export const AUTHORS_DISCARD_OWN_ONLY = "Som skribent kan du bare forkaste et utkast du selv lagret sist.";
export const PAGE_NOT_IN_REVIEW = "Utkastet venter ikke på godkjenning.";
export const PAGE_NOTHING_TO_SUBMIT = "Det er ikke noe utkast å sende. Lagre endringene først.";
export const PAGE_REVIEWERS_ONLY = "Bare redaktører og eiere kan sende et utkast tilbake.";
export const PAGE_COMMENT_REQUIRED = "Skriv hva som må endres, så skribenten vet hva som må gjøres.";

export const PAGE_REVIEW_LABELS = { submitted: "Til godkjenning", returned: "Sendt tilbake" } as const;

/** "Trekk tilbake" (the submitter) and "Send tilbake" (a reviewer, with the comment). */
export const pageSubmitSchema = z.object({
  intent: z.literal("submit"),
  revision: z.coerce.number().int().min(0),
});
export const pageWithdrawSchema = z.object({ intent: z.literal("withdraw") });
export const pageReturnSchema = z.object({
  intent: z.literal("send-back"),
  comment: z.string({ error: PAGE_COMMENT_REQUIRED }).trim().min(1, PAGE_COMMENT_REQUIRED).max(4000),
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
  submitted: "Utkastet er sendt til godkjenning. En redaktør publiserer det eller sender det tilbake.",
  withdrawn: "Utkastet er trukket fra godkjenning.",
  returned: "Utkastet er sendt tilbake til skribenten.",
} as const;
