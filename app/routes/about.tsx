import { PageIntro } from "~/components/page-intro";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

const headline = "We're builders, designers, and engineers working across AI, software, and content.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "About", description: headline, path: "/about", matches });

export default function About() {
  return <PageIntro eyebrow="About" title={headline} />;
}
