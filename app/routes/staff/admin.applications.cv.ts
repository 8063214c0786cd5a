import { data } from "react-router";
import { readApplicationCv } from "~/lib/applications/application-admin.server";
import { getPrivateStore } from "~/lib/media/storage/private-store.server";
import { getDb } from "~/lib/platform/db.server";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.applications.cv";

/**
 * /admin/applications/:id/cv: the CV, streamed through the app for signed-in staff only
 * (the guard above answers everyone else), every read audited (decision 057). Shown in
 * the browser (inline) or, with ?download=1, saved; never cached, never sniffed.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const file = await readApplicationCv(getDb(), getPrivateStore(), staffActor(request, context), params.id);
  if (!file) throw data(null, { status: 404 });
  const disposition = url.searchParams.get("download") ? "attachment" : "inline";
  // The stored name is display text: ASCII-only in filename=, the full name in filename*= (RFC 6266).
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.object.size),
      "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      // A PDF opened in the browser runs nothing of ours, and scripts in it nothing at all.
      "Content-Security-Policy": "sandbox; default-src 'none'; object-src 'self'",
    },
  });
}
