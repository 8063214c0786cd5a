import { z } from "zod";
import { confirmSchema } from "../platform/confirm-forms";

/**
 * The media library's forms (/admin/media/:id), shared by the browser (Conform) and the
 * server, and the rules every page follows for an image's alt text. Browser-safe: no
 * `.server` imports.
 */
export const ALT_TEXT_MAX_LENGTH = 250;
export const ALT_TEXT_REQUIRED = "Skriv en alternativ tekst som beskriver bildet.";
export const ALT_TEXT_TOO_LONG = `Alt-teksten kan være høyst ${ALT_TEXT_MAX_LENGTH} tegn.`;

export const altTextSchema = z.object({
  intent: z.literal("alt"),
  altText: z
    .string()
    .trim()
    .max(ALT_TEXT_MAX_LENGTH, ALT_TEXT_TOO_LONG)
    .optional()
    .transform((value) => value ?? ""),
});

/**
 * The alt text staff give an image as they upload it (the blog editor's `alt` field of
 * POST /api/upload-image): required there, within the library's limit. The API itself
 * still accepts an upload without the field (older clients); when it is sent, it is
 * checked with this schema before anything is stored.
 */
export const uploadAltSchema = z.string().trim().min(1, ALT_TEXT_REQUIRED).max(ALT_TEXT_MAX_LENGTH, ALT_TEXT_TOO_LONG);

export const deleteMediaSchema = confirmSchema("delete", "Kryss av for å bekrefte at bildet skal slettes.");

/**
 * The alt text of an image where it is shown (decision 030): the text the page or item
 * gives it itself, if any, else the one in the media library, else "" (decorative).
 */
export function imageAlt(own: string | null | undefined, library: string | null | undefined) {
  return own?.trim() || library?.trim() || "";
}

/** Where an upload is used: a post's or newsletter issue's featured image or its text, a case study's gallery. */
export type MediaUse = {
  kind: "post" | "issue" | "case";
  id: string;
  title: string;
  place: "featured" | "body" | "gallery";
};

const KIND_LABELS = { post: "blogginnlegget", issue: "nyhetsbrevet", case: "prosjektet" } as const;
const PLACE_LABELS = { featured: "hovedbilde", body: "i teksten", gallery: "galleri" } as const;

/** "blogginnlegget «Tittel» (hovedbilde)" */
export function describeUse(use: MediaUse) {
  return `${KIND_LABELS[use.kind]} «${use.title}» (${PLACE_LABELS[use.place]})`;
}

/** Why an image cannot be deleted, naming every place it is used. */
export function inUseMessage(uses: MediaUse[]) {
  return `Bildet kan ikke slettes fordi det brukes i ${uses.map(describeUse).join(", ")}. Bytt eller fjern bildet der først.`;
}

/** The /uploads/<key>-… address's storage key (the media row's), or null for anything else. */
export function storageKeyOf(url: string) {
  return /(?:^|\/)uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+\.\w+$/i.exec(url)?.[1] ?? null;
}
