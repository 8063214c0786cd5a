import { csvResponse } from "~/lib/platform/csv";
import { getDb } from "~/lib/platform/db.server";
import { staffActor } from "~/lib/staff/actor.server";
import { parseLeadFilter } from "~/lib/visitor-forms/lead-forms";
import { exportLeadsCsv } from "~/lib/visitor-forms/leads.server";
import type { Route } from "./+types/admin.inbox.export";

/** /admin/inbox/export.csv: the inbox's filtered list, every page, as a spreadsheet file. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const filter = parseLeadFilter(url.searchParams);
  const csv = await exportLeadsCsv(getDb(), filter, staffActor(request, context));
  return csvResponse(csv, "henvendelser");
}
