import { osloDateTime } from "../platform/dates";
import type { Database } from "../platform/db.server";
import { listActivePreviewLinks } from "./post-preview-links.server";
import type { PostHistoryForEditor } from "./post-history-forms";
import { listRevisions } from "./post-revisions.server";

/** How many revisions the editor lists; the revisions page has them all. */
const EDITOR_REVISIONS = 5;

/**
 * What the editor shows of a post's history (docs/decisions/052): the revision it opened
 * (sent back with the save, so a save over a newer one is refused), the latest revisions,
 * and for a draft its active preview links.
 */
export async function postHistoryForEditor(db: Database, postId: string, published: boolean): Promise<PostHistoryForEditor> {
  const [revisions, links] = await Promise.all([
    listRevisions(db, postId),
    published ? Promise.resolve([]) : listActivePreviewLinks(db, postId),
  ]);
  return {
    revision: revisions[0]?.number ?? 0,
    revisionCount: revisions.length,
    revisions: revisions.slice(0, EDITOR_REVISIONS).map((row) => ({
      number: row.number,
      at: osloDateTime(row.savedAt),
      by: row.by,
      restoredFrom: row.restoredFrom,
    })),
    published,
    previewLinks: links.map((link) => ({
      id: link.id,
      hint: link.hint,
      by: link.by,
      createdAt: osloDateTime(link.createdAt),
      expiresAt: osloDateTime(link.expiresAt),
    })),
  };
}
