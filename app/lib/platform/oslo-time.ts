import { TZDate, tz } from "@date-fns/tz";
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

/**
 * A datetime-local field's "2024-03-15T10:30" read as the wall clock in Oslo (where staff
 * are, and how the blog shows its dates), as an ISO instant. Any other text (an ISO
 * instant with its zone, an empty field) is returned as it is.
 */
export function fromOsloWallClock(value: string) {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!parts) return value;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts.slice(1).map((part) => Number(part ?? 0));
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, "Europe/Oslo").getTime()).toISOString();
}
