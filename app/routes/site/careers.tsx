import { data } from "react-router";
import { PREVIEW_HEADERS, pageContentForRequest } from "~/lib/pages/page-preview.server";
import { typesetDocument } from "~/lib/platform/typography";
import { HoverAccordion } from "~/components/hover-accordion";
import type { CareersIntroContent } from "~/content/intros";
import { getDb } from "~/lib/platform/db.server";
import { listPublishedJobs } from "~/lib/careers/jobs.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/careers";
import { PageIntro } from "~/components/page-intro";

// The introduction is data (app/lib/pages); the positions below it are the job listings.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, jobs] = await Promise.all([
    pageContentForRequest(getDb, "careers", request, context),
    listPublishedJobs(getDb()),
  ]);
  const body = {
    content: page.content as CareersIntroContent,
    preview: page.preview,
    // Staff's words with typographic quotes and dashes (decision 073).
    jobs: jobs.map(({ slug, title, location, type, department, description }) =>
      typesetDocument({ slug, title, location, type, department, description }),
    ),
  };
  return page.preview ? data(body, { headers: PREVIEW_HEADERS }) : data(body);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: "Careers",
        description: loaderData.content.metaDescription,
        seo: loaderData.content.seo,
        path: "/careers",
        matches,
        noindex: loaderData.preview,
      })
    : [];

export default function Careers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Careers" title={loaderData.content.headline} lead={loaderData.content.intro} />
      <section className="container careers-list" aria-labelledby="positions-heading">
        <h2 id="positions-heading" className="section-label">
          Open positions
        </h2>
        {loaderData.jobs.length === 0 ? (
          <p className="empty">No open positions right now. We still read every open letter.</p>
        ) : (
          <HoverAccordion
            className="accordion-large"
            items={loaderData.jobs.map((job) => ({
              title: job.title,
              meta: [job.location, job.type, job.department].filter(Boolean).join(" · "),
              description: job.description,
              action: (
                <a href={`/careers/${job.slug}`} className="button button-small">
                  View full listing<span className="visually-hidden">: {job.title}</span>
                </a>
              ),
            }))}
          />
        )}
      </section>
      <section className="container cta-block">
        <p className="lead">Questions about working with us? We are happy to talk.</p>
        <a href="/contact" className="button button-coral">
          Get in touch
        </a>
      </section>
    </>
  );
}
