import type { MetaDescriptor } from "react-router";
import type { PageSeo } from "~/content/page-seo";
import { siteConfig } from "~/content/site";
import type { StudioDetails } from "../studio/studio-details";

type RootData = { siteUrl: string; studio?: StudioDetails } | undefined;

/** The public site address, from the root loader (SITE_URL), for absolute links. */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData;
  return root?.siteUrl ?? "";
}

/** The studio's details from the root loader; undefined only where it has not run (an error before it). */
export function rootStudio(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  return (matches.find((match) => match?.id === "root")?.loaderData as RootData)?.studio;
}

type PageMetaInput = {
  title: string;
  description: string;
  path: string;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  image?: string;
  type?: "website" | "article";
  /** Pages that must stay out of search results (staff pages, 404). */
  noindex?: boolean;
  /** An edited page's own search fields (decision 056): they win over the route's defaults. */
  seo?: PageSeo;
};

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta(input: PageMetaInput) {
  const { description, path, matches, type = "website", seo } = input;
  const title = seo?.title?.trim() || input.title;
  const image = seo?.shareImage || input.image;
  const noindex = input.noindex || seo?.noindex;
  const siteUrl = siteUrlFrom(matches);
  const url = `${siteUrl}${path}`;
  // The wizards' bundles carry no seed: without the root's data the title names the brand.
  const name = rootStudio(matches)?.name ?? siteConfig.brand;
  const fullTitle = title === name ? title : `${title} | ${name}`;
  const imageUrl = image ? new URL(image, siteUrl || "http://localhost").href : `${siteUrl}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: name },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Title and noindex for a staff page: "Settings | Fjord & Form Admin". */
export function staffMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${siteConfig.brand} Admin` }, { name: "robots", content: "noindex" }];
}
