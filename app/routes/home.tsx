import { Link } from "react-router";
import { siteConfig } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: siteConfig.name, description: siteConfig.description, path: "/", matches });

export default function Home() {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <h1 className="hero-statement">
          <span className="hero-brand">{siteConfig.name}</span> builds private software, custom interfaces, and
          local AI systems. <em>Made for you.</em>
        </h1>
        <Link to="/contact" className="button button-coral">
          Get in touch
        </Link>
      </div>
    </section>
  );
}
