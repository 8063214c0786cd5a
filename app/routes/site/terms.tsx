import { LegalDocument } from "~/components/legal-document";
import { termsPage } from "~/content/legal";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/terms";

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: termsPage.title, description: termsPage.metaDescription, path: "/terms", matches });

export default function Terms() {
  return <LegalDocument page={termsPage} />;
}
