import { data } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { HoverAccordion } from "~/components/hover-accordion";
import { ServiceArt } from "~/components/service-art";
import { VideoToggle } from "~/components/video-loop";
import { WorkCards } from "~/components/work-cards";
import { type ServiceAction, type ServiceContent, serviceBySlug } from "~/content/services";
import { useRootData } from "~/components/use-root-data";
import { STUDIO_SEED } from "~/lib/studio/studio-details";
import { getDb } from "~/lib/platform/db.server";
import { listShowcaseForService } from "~/lib/showcase/showcase.server";
import { PREVIEW_HEADERS, pageContentForRequest } from "~/lib/pages/page-preview.server";
import { typesetKept } from "~/lib/platform/typeset-kept.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/service";

// One module serves the five service routes (see routes.ts); the path picks the page, whose
// words are data (app/lib/pages): the published ones, or the draft in a staff preview.
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const service = serviceBySlug(url.pathname.slice(1));
  if (!service) throw data(null, { status: 404 });
  // A getter: a database that cannot be reached leaves the words and the work to their stand-ins.
  const [page, tagged] = await Promise.all([
    pageContentForRequest(getDb, service.slug, request, context),
    // The published work tagged with this service, in the showcase's order.
    listShowcaseForService(getDb, service.slug),
  ]);
  const content = page.content as ServiceContent;
  // The tiles' words as staff wrote them, with typographic quotes and dashes (decision 073).
  const work = typesetKept(tagged);
  if (page.preview) return data({ slug: service.slug, content, preview: true, work }, { headers: PREVIEW_HEADERS });
  return { slug: service.slug, content, preview: false, work };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = serviceBySlug(loaderData?.slug ?? "");
  if (!service || !loaderData) return [];
  const { content, preview } = loaderData;
  return pageMeta({
    title: service.name,
    description: content.metaDescription,
    seo: content.seo,
    path: service.path,
    matches,
    noindex: preview,
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const service = serviceBySlug(loaderData.slug)!;
  const { work, content } = loaderData;
  return (
    <>
      <section className="service-hero" aria-labelledby="service-heading">
        <div className="container service-hero-inner">
          <div className="service-hero-text">
            <p className="eyebrow eyebrow-highlight">{service.name}</p>
            <h1 id="service-heading">{content.hero.heading}</h1>
            <p className="lead">{content.hero.intro}</p>
            <ActionButton
              action={service.heroAction}
              label={content.hero.actionLabel}
              className="button button-coral"
            />
          </div>
          <ServiceArt slug={service.slug} />
        </div>
      </section>
      <section className="container service-deliverables" aria-labelledby="service-deliverables-heading">
        <h2 id="service-deliverables-heading" className="section-label">
          What you get
        </h2>
        <ul className="deliverables">
          {content.deliverables.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="container service-items" aria-labelledby="service-items-heading">
        <h2 id="service-items-heading" className="section-label">
          What we do
        </h2>
        <HoverAccordion items={content.items} numbered className="accordion-large accordion-highlight" />
      </section>
      {work.length > 0 ? (
        <section className="container service-work" aria-labelledby="service-work-heading" data-video-group="">
          <div className="section-head">
            <h2 id="service-work-heading" className="section-label">
              Selected work
            </h2>
            <VideoToggle className="text-button" plural />
          </div>
          <WorkCards items={work} href={(item) => `/work/${item.slug}`} facts />
        </section>
      ) : null}
      {/* Every service page ends with a way to get in touch (issue 32): the page's own closing
          with its button, or with CtaSection's "Get in touch" to /contact where the spec gives it
          text only (/custom-ai); the site's usual closing where the spec shows none. */}
      {content.closing ? (
        <CtaSection heading={content.closing.heading} text={content.closing.text}>
          {service.closingAction && content.closing.actionLabel ? (
            <ActionButton action={service.closingAction} label={content.closing.actionLabel} className="button button-cream" />
          ) : undefined}
        </CtaSection>
      ) : (
        <CtaSection heading="Want to work with us?" text="We'd love to hear your ideas!" />
      )}
    </>
  );
}

/** A call to action that either opens an e-mail to the studio or goes to a page. */
function ActionButton({ action, label, className }: { action: ServiceAction; label: string; className: string }) {
  const email = (useRootData()?.studio ?? STUDIO_SEED).email;
  if (action.kind === "link") {
    return (
      <a href={action.to ?? "/contact"} className={className}>
        {label}
      </a>
    );
  }
  const subject = action.subject ? `?subject=${encodeURIComponent(action.subject)}` : "";
  return (
    <a href={`mailto:${email}${subject}`} className={className}>
      {label}
    </a>
  );
}
