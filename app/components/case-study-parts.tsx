import { showcaseFileUrl } from "~/lib/showcase/showcase-media";
import { useRootData } from "./use-root-data";

/**
 * The parts of a case study page (/work/:slug, issue #32): the key figures strip, the
 * facts (year, duration, stack), the full-width gallery, the credits and the large
 * "next project" card. Server-rendered markup only: the page ships no framework script.
 */
export function KeyFigures({ figures }: { figures: Array<{ value: string; label: string }> }) {
  if (figures.length === 0) return null;
  return (
    <dl className="case-figures" aria-label="Key figures">
      {figures.map((figure) => (
        <div key={`${figure.value}|${figure.label}`}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Facts = { year: number | null; duration: string; stack: string[]; services: Array<{ name: string; path: string }> };

export function CaseFacts({ year, duration, stack, services }: Facts) {
  return (
    <dl className="case-facts">
      {year !== null ? (
        <div>
          <dt>Year</dt>
          <dd>{year}</dd>
        </div>
      ) : null}
      {duration ? (
        <div>
          <dt>Duration</dt>
          <dd>{duration}</dd>
        </div>
      ) : null}
      <div>
        <dt>Services</dt>
        <dd>
          <ul className="case-inline-list" aria-label="Services">
            {services.map((service) => (
              <li key={service.path}>
                <a href={service.path}>{service.name}</a>
              </li>
            ))}
          </ul>
        </dd>
      </div>
      {stack.length > 0 ? (
        <div>
          <dt>Stack</dt>
          <dd>
            <ul className="case-inline-list" aria-label="Stack">
              {stack.map((part) => (
                <li key={part}>{part}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The gallery at the page's full width; each image lazy, with the alt text it has here. */
export function CaseGallery({ images }: { images: Array<{ src: string; alt: string }> }) {
  const mediaBaseUrl = useRootData()?.mediaBaseUrl;
  if (images.length === 0) return null;
  return (
    <section className="case-gallery" aria-label="Gallery">
      {images.map((image) => (
        <img
          key={image.src}
          src={showcaseFileUrl(mediaBaseUrl, image.src)}
          alt={image.alt}
          width={1600}
          height={1000}
          loading="lazy"
          decoding="async"
        />
      ))}
    </section>
  );
}

export function CaseCredits({ credits }: { credits: Array<{ role: string; name: string }> }) {
  if (credits.length === 0) return null;
  return (
    <section className="case-credits" aria-labelledby="case-credits-heading">
      <h2 id="case-credits-heading">Credits</h2>
      <dl>
        {credits.map((credit, index) => (
          <div key={index}>
            <dt>{credit.role}</dt>
            <dd>{credit.name}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type Next = { slug: string; title: string; client: string; result: string; poster: string; posterAlt: string };

/** The next project as a large card: its poster, client, title and one-line result; one link. */
export function NextProjectCard({ next }: { next: Next }) {
  const mediaBaseUrl = useRootData()?.mediaBaseUrl;
  return (
    <a href={`/work/${next.slug}`} className="case-next" rel="next">
      <img src={showcaseFileUrl(mediaBaseUrl, next.poster)} alt="" width={640} height={400} loading="lazy" decoding="async" />
      <span className="case-next-text">
        <small>Next project</small>
        <span className="case-next-title">{next.title} →</span>
        {next.client ? <span className="case-next-meta">{next.client}</span> : null}
        {next.result ? <span className="case-next-meta">{next.result}</span> : null}
      </span>
    </a>
  );
}
