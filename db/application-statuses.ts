/**
 * An application's place in the hiring pipeline, in order: ny → vurderes → intervju →
 * tilbud → ansatt / avslått. Here, beside the schema that stores it, so db/ imports
 * nothing from app/ (as lead-statuses.ts); the staff pages read the same list. No
 * imports: it is safe in the browser bundle.
 */
export const APPLICATION_STATUSES = ["new", "reviewing", "interview", "offer", "hired", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
