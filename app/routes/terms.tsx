import { PageIntro } from "~/components/page-intro";
import { siteConfig } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Terms", description: `Terms of service for ${siteConfig.legalName}.`, path: "/terms", matches });

export default function Terms() {
  return <PageIntro eyebrow="Legal" title="Terms of service" lead={`Last updated ${siteConfig.legalLastUpdated}`} />;
}
