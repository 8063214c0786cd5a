import { data, Link } from "react-router";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/not-found";

// Any path no other route matches: a real 404 status, not a soft 200.
export function loader() {
  return data(null, { status: 404 });
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    matches,
    noindex: true,
  });

export default function NotFound() {
  return (
    <section className="container narrow error-page">
      <p className="eyebrow">404</p>
      <h1>This page doesn't exist.</h1>
      <p className="lead">The link may be old, or the address mistyped. Here are some good places to start:</p>
      <ul className="link-list">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/work">Our work</Link>
        </li>
        <li>
          <Link to="/contact">Get in touch</Link>
        </li>
      </ul>
    </section>
  );
}
