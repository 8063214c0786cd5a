import { LegalDocument } from "~/components/legal-document";
import { termsPage } from "~/content/legal";
import { pageMeta } from "~/lib/site/seo";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/terms";

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = termsPage(studioFrom(matches));
  return pageMeta({ title: page.title, description: page.metaDescription, path: "/terms", matches });
};

// The studio's facts in the text are its details as staff keep them (root loader).
export default function Terms({ matches }: Route.ComponentProps) {
  return <LegalDocument page={termsPage(studioFrom(matches))} />;
}
