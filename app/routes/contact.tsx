import { PageIntro } from "~/components/page-intro";
import { siteConfig } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

const description = "Tell us about your project. We answer every message within one working day.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Get in touch", description, path: "/contact", matches });

export default function Contact() {
  return (
    <PageIntro
      eyebrow="Get in touch"
      title="What is your company name?"
      lead={`${description} Or write to ${siteConfig.email}.`}
    />
  );
}
