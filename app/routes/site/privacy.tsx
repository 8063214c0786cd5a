import { LegalDocument } from "~/components/legal-document";
import { type LegalContent, legalPage } from "~/content/legal";
import { pageLoaderData } from "~/lib/pages/page-preview.server";
import { pageMeta } from "~/lib/site/seo";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/privacy";

// The words are data (app/lib/pages); "Last updated" is the published version's date.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  pageLoaderData<LegalContent>("privacy", request, context);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const page = legalPage(loaderData.content, studioFrom(matches));
  return pageMeta({
    title: page.title,
    description: page.metaDescription,
    seo: page.seo,
    path: "/privacy",
    matches,
    noindex: loaderData.preview,
  });
};

// The studio's facts in the text are its details as staff keep them (root loader).
export default function Privacy({ matches, loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument page={legalPage(loaderData.content, studioFrom(matches))} publishedAt={loaderData.publishedAt} />
  );
}
