import { exportApplication } from "~/lib/applications/application-admin.server";
import { getPrivateStore } from "~/lib/media/storage/private-store.server";
import { getDb } from "~/lib/platform/db.server";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.applications.item-export";

/** /admin/applications/:id/export.json: a candidate's access request answered in one file (data and CV). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { json } = await exportApplication(getDb(), getPrivateStore(), staffActor(request, context), params.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="soknad-${params.id}-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
