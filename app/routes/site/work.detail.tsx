import { CtaSection } from "~/components/cta-section";
import { JsonLd } from "~/components/json-ld";
import { CaseCredits, CaseFacts, CaseGallery, KeyFigures, NextProjectCard } from "~/components/case-study-parts";
import { VideoLoop, VideoToggle } from "~/components/video-loop";
import { serviceBySlug } from "~/content/services";
import { paragraphs } from "~/lib/blog/blog-format";
import { showcaseFileUrl } from "~/lib/showcase/showcase-media";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { staticPage } from "~/lib/platform/static-page";
import { typesetDocument } from "~/lib/platform/typography";
import { throwRedirectOrNotFound } from "~/lib/redirects/not-found.server";
import { getPublishedCaseStudy } from "~/lib/showcase/showcase.server";
import { pageMeta, siteUrlFrom } from "~/lib/site/seo";
import { resolveSeo } from "~/lib/seo/seo-fields";
import { seoOfRow } from "~/lib/seo/seo.server";
import { uploadUrl } from "~/lib/media/media";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import type { Route } from "./+types/work.detail";

/** /work/:slug: one case study. Unknown and unpublished items are the site's 404. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await getPublishedCaseStudy(getDb(), params.slug);
  if (!found) return throwRedirectOrNotFound(request);
  const { item, next } = found;
  return {
    // What staff wrote, with typographic quotes and dashes (decision 073); the search-engine fields as written.
    item: typesetDocument({
      slug: item.slug,
      title: item.title,
      client: item.client,
      result: item.result,
      summary: item.summary,
      sections: [
        { heading: "The challenge", text: paragraphs(item.challenge) },
        { heading: "Our approach", text: paragraphs(item.approach) },
        { heading: "The result", text: paragraphs(item.outcome) },
      ].filter((section) => section.text.length > 0),
      services: item.services.flatMap((slug) => serviceBySlug(slug) ?? []).map((s) => ({ name: s.name, path: s.path })),
      video: { mp4: item.videoMp4, webm: item.videoWebm, poster: item.poster },
      posterAlt: item.posterAlt,
      year: item.year,
      duration: item.duration,
      stack: item.stack,
      figures: item.figures,
      credits: item.credits,
      gallery: item.gallery,
      // Absolute, for the page's image tags and the structured data.
      posterUrl: showcaseFileUrl(getConfig().mediaBaseUrl, item.posterJpeg),
      createdAt: item.createdAt.toISOString(),
      updatedAt: item.updatedAt.toISOString(),
    }),
    // The search-engine fields (decision 056): empty ones are the title and client, the summary, the poster.
    seo: resolveSeo(
      { ...seoOfRow(item), share_image: item.shareImage && uploadUrl(getConfig().mediaBaseUrl, item.shareImage) },
      {
        title: `${item.title}: ${item.client}`,
        description: item.summary.slice(0, 160),
        image: showcaseFileUrl(getConfig().mediaBaseUrl, item.posterJpeg),
      },
    ),
    next: typesetDocument(next),
  };
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  loaderData
    ? pageMeta({
        title: loaderData.seo.title,
        description: loaderData.seo.description,
        path: `/work/${params.slug}`,
        image: loaderData.seo.image,
        noindex: loaderData.seo.noindex,
        type: "article",
        matches,
      })
    : pageMeta({
        title: "Project not found",
        description: "This project is not in our showcase.",
        path: `/work/${params.slug}`,
        matches,
        noindex: true,
      });

export default function CaseStudy({ loaderData, matches }: Route.ComponentProps) {
  const { item, next } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return (
    <>
      <article className="case-study" aria-labelledby="case-heading">
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "CreativeWork",
            name: item.title,
            headline: `${item.title}: ${item.result}`,
            abstract: item.summary,
            image: new URL(item.posterUrl, siteUrl || "http://localhost").href,
            url: `${siteUrl}/work/${item.slug}`,
            dateCreated: item.createdAt.slice(0, 10),
            dateModified: item.updatedAt.slice(0, 10),
            about: item.services.map((service) => service.name),
            sourceOrganization: item.client,
            creator: { "@type": "Organization", name: studioFrom(matches).legalName, url: `${siteUrl}/` },
          }}
        />
        <div className="case-intro">
          <a href="/work" className="back-link">
            ← All work
          </a>
          <p className="eyebrow">{item.client}</p>
          <h1 id="case-heading">{item.title}</h1>
          <p className="case-result">{item.result}</p>
        </div>
        {/* The hero: the project's film at the page's full width. */}
        <div className="case-hero" data-video-group="">
          <VideoLoop
            files={item.video}
            label={item.posterAlt}
            priority
            className="work-video"
            width={1600}
            height={1000}
          />
          <VideoToggle className="text-button" />
        </div>
        <div className="case-body">
          <KeyFigures figures={item.figures} />
          <CaseFacts year={item.year} duration={item.duration} stack={item.stack} services={item.services} />
          <p className="lead">{item.summary}</p>
          {item.sections.map((section) => (
            <section key={section.heading} className="job-section">
              <h2>{section.heading}</h2>
              {section.text.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
        <CaseGallery images={item.gallery} />
        <div className="case-body">
          <CaseCredits credits={item.credits} />
          {next ? <NextProjectCard next={next} /> : null}
        </div>
      </article>
      <CtaSection heading="Want to work with us?" />
    </>
  );
}
