import { useId } from "react";
import { CtaSection } from "~/components/cta-section";
import { Portrait } from "~/components/portrait";
import { type AboutContent, sectionId } from "~/content/about";
import { pageLoaderData } from "~/lib/pages/page-preview.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/about";
import { PageIntro } from "~/components/page-intro";

// The words and team cards are data (app/lib/pages): the published ones, or a staff preview's draft.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  pageLoaderData<AboutContent>("about", request, context);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: "About",
        description: loaderData.content.metaDescription,
        seo: loaderData.content.seo,
        path: "/about",
        matches,
        noindex: loaderData.preview,
      })
    : [];

export default function About({ loaderData }: Route.ComponentProps) {
  const group = useId();
  const { content } = loaderData;
  return (
    <>
      <PageIntro eyebrow="About" title={content.headline} lead={content.intro} />
      {/* One team card is active at a time (hover, focus or tap; the first to begin with):
          one group of <details>, see HoverAccordion and the [data-one-open] styles. */}
      <div className="container capabilities" data-one-open="">
        {content.sections.map((capability, index) => (
          <section key={index} className="capability" aria-labelledby={`cap-${index}-${sectionId(capability.title)}`}>
            <div className="capability-text">
              <h2 id={`cap-${index}-${sectionId(capability.title)}`}>{capability.title}</h2>
              <p>{capability.paragraph}</p>
            </div>
            <div className="team">
              <details className="team-card" name={group} open={index === 0} data-testid="team-card">
                <summary className="team-card-summary">
                  <span className="team-card-index" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  <span className="team-card-name">{capability.team.name}</span>
                  {/* The team's faces, so a closed card is never an empty box; the names are below. */}
                  <span className="team-card-faces" aria-hidden="true">
                    {capability.team.people.map((person, i) => (
                      <Portrait key={i} person={person} className="portrait portrait-small" />
                    ))}
                  </span>
                </summary>
                <p className="team-card-description">{capability.team.description}</p>
              </details>
              <ul className="team-people" aria-label={`People in ${capability.team.name}`}>
                {capability.team.people.map((person, i) => (
                  <li key={i} className="person">
                    <Portrait person={person} />
                    <span className="person-name">{person.name}</span>
                    <span className="person-role">{person.role}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>
      <CtaSection heading={content.closing.heading} text={content.closing.text} />
    </>
  );
}
