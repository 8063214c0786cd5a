import { exportApplication } from "~/lib/applications/application-export.server";
import { getPrivateStore } from "~/lib/media/storage/private-store.server";
import { getDb } from "~/lib/platform/db.server";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.applications.item-export";

/**
 * /admin/applications/:id/export.zip: a candidate's access request answered in one file,
 * `data.json` and the CV (decision 064), streamed as it is written; never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { body } = await exportApplication(getDb(), getPrivateStore(), staffActor(request, context), params.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="soknad-${params.id}-${day}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
