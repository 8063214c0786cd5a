import { CtaSection } from "~/components/cta-section";
import { useActiveIndex } from "~/components/use-active-index";
import { aboutHeadline, aboutIntro, aboutMetaDescription, capabilities } from "~/content/about";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "About", description: aboutMetaDescription, path: "/about", matches });

export default function About() {
  // One team card is active at a time (hover, focus or tap); the first to begin with.
  const { active, bind } = useActiveIndex(0);
  return (
    <>
      <section className="page-intro container">
        <p className="eyebrow">About</p>
        <h1>{aboutHeadline}</h1>
        <p className="lead">{aboutIntro}</p>
      </section>
      <div className="container capabilities">
        {capabilities.map((capability, index) => {
          const isActive = index === active;
          const descriptionId = `team-${capability.id}`;
          return (
            <section key={capability.id} className="capability" aria-labelledby={`cap-${capability.id}`}>
              <div className="capability-text">
                <h2 id={`cap-${capability.id}`}>{capability.title}</h2>
                <p>{capability.paragraph}</p>
              </div>
              <button
                type="button"
                className="team-card"
                data-active={isActive}
                data-testid="team-card"
                aria-expanded={isActive}
                aria-controls={descriptionId}
                {...bind(index)}
              >
                <span className="team-card-index" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <span className="team-card-name">{capability.team.name}</span>
                <span id={descriptionId} className="team-card-description" hidden={!isActive}>
                  {capability.team.description}
                </span>
              </button>
            </section>
          );
        })}
      </div>
      <CtaSection heading="Want to work with us?" text="We'd love to hear your ideas!" />
    </>
  );
}
