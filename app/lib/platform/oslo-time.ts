import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { nb } from "date-fns/locale/nb";

const oslo = tz("Europe/Oslo");

/** "5. des. 2026 kl. 14:03": a moment as staff in Oslo read it, whatever the server's zone. */
export function osloDateTime(at: Date) {
  return format(at, "d. MMM yyyy 'kl.' HH:mm", { in: oslo, locale: nb });
}

/** "2026-12-05 14:03": sortable, for exports. */
export function osloTimestamp(at: Date) {
  return format(at, "yyyy-MM-dd HH:mm", { in: oslo });
}
