import { TZDate, tz } from "@date-fns/tz";
import { format, parseISO, startOfDay } from "date-fns";
import { nb } from "date-fns/locale/nb";

/**
 * Every date the site shows or groups by, in one place: Norwegian forms, always in Oslo
 * time whatever the server's or browser's zone (a post published at 00:30 Oslo time is
 * dated that day, not the evening before in UTC). Browser-safe; date-fns with its
 * time-zone companion instead of hand-built Intl parts (decision 010 for the language).
 */
export const osloZone = tz("Europe/Oslo");
const oslo = osloZone;
const inOslo = { in: oslo, locale: nb };

// The blog's pages render the same few posts' dates over and over: date-fns's formatting in
// Oslo's zone was ~2 % of a post's render. Made once per moment, at most a thousand kept.
const longDates = new Map<number, string>();

/** "21. november 2026": the blog's dates. */
export function formatLongDate(value: string | Date) {
  const at = new Date(value).getTime();
  let text = longDates.get(at);
  if (text === undefined) {
    text = format(at, "d. MMMM yyyy", inOslo); // throws for an invalid date, as before
    if (longDates.size >= 1000) longDates.clear();
    longDates.set(at, text);
  }
  return text;
}

/** "21 November 2026": a date on the public site's English pages and e-mails (job applications). */
export const englishLongDate = (value: string | Date) => format(new Date(value), "d MMMM yyyy", { in: oslo });

/** "21.11.2026": tables. */
export const formatShortDate = (value: string | Date) => format(new Date(value), "dd.MM.yyyy", inOslo);

/** "5. des. 2026 kl. 14:03": a moment as staff in Oslo read it in the back office. */
export const osloDateTime = (at: Date | string) => format(new Date(at), "d. MMM yyyy 'kl.' HH:mm", inOslo);

/** A moment that may not have happened, for a staff table cell: osloDateTime, or "–" (or `none`). */
export const osloDateTimeOr = (at: Date | null | undefined, none = "–") => (at ? osloDateTime(at) : none);

/** "5. desember 2026 kl. 14:03": a moment in full, for e-mails. */
export const osloLongDateTime = (at: Date) => format(at, "d. MMMM yyyy 'kl.' HH:mm", inOslo);

/** "2026-12-05 14:03": sortable, for exports. */
export const osloTimestamp = (at: Date) => format(at, "yyyy-MM-dd HH:mm", inOslo);

/** The Oslo calendar day of a moment, as "2026-11-23" (a key for grouping by day). */
export const osloDay = (at: Date) => format(at, "yyyy-MM-dd", inOslo);

/** "23. nov.": a day key ("2026-11-23"), which is already an Oslo day. */
export const shortDayLabel = (day: string) => format(parseISO(day), "d. MMM", { locale: nb });

/** Midnight of the Oslo day `at` falls in, as an instant: "today" for a Norwegian studio. */
export const startOfOsloDay = (at: Date) => new Date(startOfDay(at, { in: oslo }).getTime());

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

/** "30-03-2025": the legal pages' "Last updated" date, as the spec writes it. */
export const legalDate = (at: Date | string) => format(new Date(at), "dd-MM-yyyy", inOslo);
