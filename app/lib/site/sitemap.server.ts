import { services } from "~/content/services";
import { listIndexablePosts } from "../blog/blog.server";
import { tagPath } from "../blog/post-tags";
import { listPublishedTags } from "../blog/post-tags.server";
import type { Database } from "../platform/db.server";
import { STAFF_PATH_PREFIXES } from "../platform/staff-paths";
import { listPublishedJobs } from "../careers/jobs.server";
import { listIndexableShowcase } from "../showcase/showcase.server";
import { getPublishedPage } from "../pages/page-content.server";
import { PAGES } from "../pages/page-registry";

export type SitemapEntry = { path: string; lastModified?: Date };

// Public pages that always exist. Pages backed by data (blog posts, job listings, case studies)
// add themselves through `dynamicSources` below, so the sitemap is never out of date.
const staticPaths = [
  "/",
  "/work",
  "/about",
  ...services.map((service) => service.path),
  "/blog",
  "/careers",
  "/contact",
  "/gdpr-checklist",
  "/terms",
  "/privacy",
];

const dynamicSources: Array<(db: Database) => Promise<SitemapEntry[]>> = [
  async (db) =>
    // A post hidden from search engines (docs/decisions/056) is not offered to them either.
    (await listIndexablePosts(db)).map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.created_at })),
  // A tag's page, dated by its newest post (decision 051).
  async (db) => (await listPublishedTags(db)).map(({ tag, lastModified }) => ({ path: tagPath(tag), lastModified })),
  async (db) =>
    (await listPublishedJobs(db))
      .filter((job) => !job.noindex)
      .map((job) => ({ path: `/careers/${job.slug}`, lastModified: job.updatedAt })),
  async (db) =>
    (await listIndexableShowcase(db)).map((item) => ({ path: `/work/${item.slug}`, lastModified: item.updatedAt })),
];

/** The edited pages staff hid from search engines (decision 056): the sitemap does not offer them. */
async function hiddenPagePaths(db: Database) {
  const pages = await Promise.all(
    PAGES.map(async (page) => ({ path: page.path, published: await getPublishedPage(db, page.key) })),
  );
  return new Set(pages.filter(({ published }) => published.content.seo?.noindex).map(({ path }) => path));
}

export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [hidden, dynamic] = await Promise.all([
    hiddenPagePaths(db),
    Promise.all(dynamicSources.map((source) => source(db))),
  ]);
  const pages = staticPaths.filter((path) => !hidden.has(path)).map((path) => ({ path }));
  return [...pages, ...dynamic.flat()];
}

export const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]) {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(siteUrl + path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Staff areas and the API stay out of search engines; everything else is welcome. */
export function renderRobots(siteUrl: string) {
  const disallowed = [...STAFF_PATH_PREFIXES, "/api/"];
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
