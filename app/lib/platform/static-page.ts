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

/**
 * `handle = frameworkOnFirstUse(...)` marks a page that needs React but works without it until
 * someone uses it (the two wizards: plain posts, one step at a time). Its document is sent
 * with React's scripts held until the visitor's first move, touch, key or focus
 * (held-framework.server.ts, decision 086). It inlines the stylesheet rules its first screen
 * uses and, whole, the stylesheet files (as in page-css.server.ts) its later steps are drawn
 * from, since React draws those in the browser.
 */
export const frameworkOnFirstUse = (...cssSentWhole: string[]) => ({ frameworkOnFirstUse: true, cssSentWhole }) as const;
