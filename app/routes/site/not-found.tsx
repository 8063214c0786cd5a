import { data } from "react-router";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import { throwRedirectIfAny } from "~/lib/redirects/not-found.server";
import type { Route } from "./+types/not-found";

// Any path no other route matches: a redirect staff made or a moved page left (301), else
// a real 404 status, not a soft 200.
export async function loader({ request }: Route.LoaderArgs) {
  await throwRedirectIfAny(request);
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

const places = [
  { to: "/", title: "Home", text: "What we do, in one page." },
  { to: "/work", title: "Work", text: "Dashboards, apps, websites and film." },
  { to: "/blog", title: "Blog", text: "Notes on private software and local AI." },
  { to: "/contact", title: "Get in touch", text: "Tell us about your project." },
];

export default function NotFound() {
  return (
    <section className="container page-intro not-found">
      <p className="eyebrow">404</p>
      <h1>This page doesn’t exist.</h1>
      <p className="lead">The link may be old, or the address mistyped. Here are some good places to start:</p>
      <ul className="not-found-links">
        {places.map((place) => (
          <li key={place.to}>
            <a href={place.to} className="not-found-link">
              <span className="not-found-title">{place.title}</span>
              <span className="not-found-text">{place.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
