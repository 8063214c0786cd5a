import { Link } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/work";

const headline = "A quick look at what we've built, how we work, and where we're headed.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Work", description: headline, path: "/work", matches });

export default function Work() {
  return (
    <>
      <PageIntro eyebrow="Work" title={headline} />
      <section className="container cta-block">
        <h2>Want to work with us?</h2>
        <p>We'd love to hear your ideas!</p>
        <Link to="/contact" className="button button-coral">
          Get in touch
        </Link>
      </section>
    </>
  );
}
