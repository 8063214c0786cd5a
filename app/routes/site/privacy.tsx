import { LegalDocument } from "~/components/legal-document";
import { privacyPage } from "~/content/legal";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/privacy";

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: privacyPage.title, description: privacyPage.metaDescription, path: "/privacy", matches });

export default function Privacy() {
  return <LegalDocument page={privacyPage} />;
}
