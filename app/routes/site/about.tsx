import { useId } from "react";
import { CtaSection } from "~/components/cta-section";
import { Portrait } from "~/components/portrait";
import { aboutHeadline, aboutIntro, aboutMetaDescription, capabilities } from "~/content/about";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/about";
import { PageIntro } from "~/components/page-intro";

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "About", description: aboutMetaDescription, path: "/about", matches });

export default function About() {
  const group = useId();
  return (
    <>
      <PageIntro eyebrow="About" title={aboutHeadline} lead={aboutIntro} />
      {/* One team card is active at a time (hover, focus or tap; the first to begin with):
          one group of <details>, see HoverAccordion and the [data-one-open] styles. */}
      <div className="container capabilities" data-one-open="">
        {capabilities.map((capability, index) => (
          <section key={capability.id} className="capability" aria-labelledby={`cap-${capability.id}`}>
            <div className="capability-text">
              <h2 id={`cap-${capability.id}`}>{capability.title}</h2>
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
                    {capability.team.people.map((person) => (
                      <Portrait key={person.name} person={person} className="portrait portrait-small" />
                    ))}
                  </span>
                </summary>
                <p className="team-card-description">{capability.team.description}</p>
              </details>
              <ul className="team-people" aria-label={`People in ${capability.team.name}`}>
                {capability.team.people.map((person) => (
                  <li key={person.name} className="person">
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
      <CtaSection heading="Want to work with us?" text="We'd love to hear your ideas!" />
    </>
  );
}
