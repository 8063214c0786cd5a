import { Link } from "react-router";
import { HoverAccordion } from "~/components/hover-accordion";
import { careersIntro, careersMetaDescription } from "~/content/jobs";
import { getDb } from "~/lib/platform/db.server";
import { listPublishedJobs } from "~/lib/careers/jobs.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/careers";
import { PageIntro } from "~/components/page-intro";

export async function loader() {
  const jobs = await listPublishedJobs(getDb());
  return {
    jobs: jobs.map(({ slug, title, location, type, department, description }) => ({
      slug,
      title,
      location,
      type,
      department,
      description,
    })),
  };
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Careers", description: careersMetaDescription, path: "/careers", matches });

export default function Careers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Careers" title="Build things that are made for someone." lead={careersIntro} />
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
                <Link to={`/careers/${job.slug}`} className="button button-small" prefetch="intent">
                  View full listing<span className="visually-hidden">: {job.title}</span>
                </Link>
              ),
            }))}
          />
        )}
      </section>
      <section className="container cta-block">
        <p className="lead">Questions about working with us? We are happy to talk.</p>
        <Link to="/contact" className="button button-coral" prefetch="intent">
          Get in touch
        </Link>
      </section>
    </>
  );
}
