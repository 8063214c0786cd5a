import { PageIntro } from "~/components/page-intro";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog";

const description = "Thoughts and insights on private software, custom interfaces and local AI.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Blog", description, path: "/blog", matches });

export default function Blog() {
  return <PageIntro eyebrow="Blog" title="Thoughts and insights" lead={description} />;
}
