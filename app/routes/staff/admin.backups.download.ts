import { Readable } from "node:stream";
import { downloadBackup } from "~/lib/backup/backups-admin.server";
import { getDb } from "~/lib/platform/db.server";
import { NotFoundError } from "~/lib/platform/domain-errors";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.backups.download";

/** GET /admin/backups/{name}: one backup file, streamed, for staff only (the staff guard), audited. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { size, body } = await downloadBackup(getDb(), staffActor(request, context), params.name);
    return new Response(Readable.toWeb(body) as ReadableStream, {
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(size),
        "content-disposition": `attachment; filename="${params.name}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response(error.message, { status: 404 });
    throw error;
  }
}
