/**
 * `export const handle = staticPage` marks a route whose page does what the spec asks
 * with HTML and CSS: it is sent without React's JavaScript, with only the small
 * enhancement module (docs/decisions/020). Routes without the mark keep the framework,
 * so a forgotten mark costs kilobytes, never a page that stops working. The root reads the
 * marks with document-marks.ts, a module of its own: this one is shared with the routes, so
 * the root importing it would cost every wizard page one more file.
 */
export const staticPage = { staticPage: true } as const;

/**
 * `handle = staffArea` marks the staff layout (routes/staff/layout.tsx): the root then
 * leaves out the marketing header, its <main> and the newsletter footer.
 */
export const staffArea = { staffArea: true } as const;
