import { PageIntro } from "~/components/page-intro";
import { siteConfig } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Privacy", description: `Privacy policy for ${siteConfig.legalName}.`, path: "/privacy", matches });

export default function Privacy() {
  return <PageIntro eyebrow="Legal" title="Privacy policy" lead={`Last updated ${siteConfig.legalLastUpdated}`} />;
}
