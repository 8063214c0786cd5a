import { Link } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/careers";

const description = "Join a small studio in Oslo that builds private software, interfaces and local AI.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Careers", description, path: "/careers", matches });

export default function Careers() {
  return (
    <>
      <PageIntro eyebrow="Careers" title="Build things that are made for someone." lead={description} />
      <section className="container cta-block">
        <Link to="/contact" className="button button-coral">
          Get in touch
        </Link>
      </section>
    </>
  );
}
