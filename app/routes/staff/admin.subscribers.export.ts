import { csvResponse } from "~/lib/platform/csv";
import { getDb } from "~/lib/platform/db.server";
import { staffActor } from "~/lib/staff/actor.server";
import { parseSubscriberFilter } from "~/lib/visitor-forms/subscriber-forms";
import { exportSubscribersCsv } from "~/lib/visitor-forms/subscribers-admin.server";
import type { Route } from "./+types/admin.subscribers.export";

/** /admin/subscribers/export.csv: the filtered subscriber list, every page, with the consent records. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const filter = parseSubscriberFilter(url.searchParams);
  const csv = await exportSubscribersCsv(getDb(), filter, staffActor(request, context));
  return csvResponse(csv, "abonnenter");
}
