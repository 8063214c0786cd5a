import { z } from "zod";
import { confirmSchema } from "../platform/confirm-forms";
import type { FormResult } from "../platform/form-result";

/**
 * The forms of a post's revisions and preview links (docs/decisions/052), shared by the
 * browser (Conform) and the route actions. Browser-safe.
 */

/** Restoring revision N: confirmed (the box, and with JavaScript the browser's dialog). */
export const restoreRevisionSchema = confirmSchema("restore", "Kryss av for å bekrefte gjenopprettingen.").extend({
  revision: z.number().int().min(1),
});

/** A new private preview link for a draft: nothing to fill in. */
export const createPreviewLinkSchema = z.object({ intent: z.literal("create-preview-link") });

/** Revoking a link: which one, confirmed. */
export const revokePreviewLinkSchema = confirmSchema("revoke-preview-link", "Bekreft at lenken skal trekkes tilbake.").extend({
  link: z.uuid("Fant ikke lenken."),
});

export const previewLinkSchema = z.discriminatedUnion("intent", [createPreviewLinkSchema, revokePreviewLinkSchema]);

/** Where a post's revisions are listed and compared. */
export const revisionsPath = (postId: string, revision?: number) =>
  `/admin/posts/${postId}/revisions${revision ? `?revision=${revision}` : ""}`;

/** Where the editor's preview-link panel posts. */
export const previewLinksPath = (postId: string) => `/admin/posts/${postId}/preview-links`;

/** The editor's own address for a post. */
export const editorPath = (postId: string) => `/blog/cms?edit=${postId}`;

/** What the editor shows of a post's history (lib/blog/post-editor-history.server.ts makes it). */
export type PostHistoryForEditor = {
  /** The revision the editor opened: sent back with the save. */
  revision: number;
  revisionCount: number;
  revisions: { number: number; at: string; by: string; restoredFrom: number | null }[];
  published: boolean;
  previewLinks: { id: string; hint: string; by: string; createdAt: string; expiresAt: string }[];
};

/** What the preview-link panel's action answers: a new link's address is in this answer only. */
export type PreviewLinkResult = FormResult & { link?: { url: string; expiresAt: string } };
