/**
 * A page's own search-engine fields beside its description (#26, docs/decisions/056):
 * the title in search results, the image a shared link shows, and "hide from search
 * engines". Optional in every page document: a document without them (every seed, every
 * version stored before they existed) shows the page's own title and the default image,
 * so no schema version had to change.
 */
export type PageSeo = { title?: string; shareImage?: string; noindex?: boolean };
