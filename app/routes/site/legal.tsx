import { data } from "react-router";
import { LegalDocument } from "~/components/legal-document";
import { type LegalContent, legalPage } from "~/content/legal";
import { pageLoaderData } from "~/lib/pages/page-preview.server";
import { pageMeta } from "~/lib/site/seo";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/legal";

/** The two legal documents this module serves (routes.ts), by their address. */
const LEGAL_KEYS = ["terms", "privacy"] as const;
const legalKey = (pathname: string) => LEGAL_KEYS.find((key) => pathname === `/${key}`);

// One module renders /terms and /privacy, as one renders the five service pages: the path
// picks the document. The words are data (app/lib/pages); "Last updated" is the published
// version's date.
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const key = legalKey(url.pathname);
  if (!key) throw data(null, { status: 404 });
  return pageLoaderData<LegalContent>(key, request, context);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  if (!loaderData) return [];
  const page = legalPage(loaderData.content, studioFrom(matches));
  return pageMeta({
    title: page.title,
    description: page.metaDescription,
    seo: page.seo,
    path: location.pathname,
    matches,
    noindex: loaderData.preview,
  });
};

// The studio's facts in the text are its details as staff keep them (root loader).
export default function LegalPage({ matches, loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument page={legalPage(loaderData.content, studioFrom(matches))} publishedAt={loaderData.publishedAt} />
  );
}
