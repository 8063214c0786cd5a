import { JsonLd } from "~/components/json-ld";
import { getDb } from "~/lib/platform/db.server";
import { EMPLOYMENT_TYPE, getPublishedJob } from "~/lib/careers/jobs.server";
import { pageMeta, siteUrlFrom } from "~/lib/site/seo";
import { resolveSeo } from "~/lib/seo/seo-fields";
import { seoOfRow } from "~/lib/seo/seo.server";
import { uploadUrl } from "~/lib/media/media";
import { getConfig } from "~/lib/platform/config.server";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { staticPage } from "~/lib/platform/static-page";
import { typesetDocument } from "~/lib/platform/typography";
import { throwRedirectOrNotFound } from "~/lib/redirects/not-found.server";
import { applyTarget } from "~/lib/applications/applications.server";
import { applyFromRequest } from "~/lib/applications/application-action.server";
import { ApplicationForm } from "~/components/application-form";
import type { Route } from "./+types/careers.detail";

export async function loader({ params, request }: Route.LoaderArgs) {
  const job = await getPublishedJob(getDb(), params.slug);
  // Unknown and unpublished listings are the same to visitors: a real 404 (or 301 when it moved).
  if (!job) return throwRedirectOrNotFound(request);
  // The search-engine fields (decision 056): empty ones are the listing's title and text.
  const seo = resolveSeo(seoOfRow(job), { title: job.title, description: job.description.slice(0, 160) });
  if (seo.image) seo.image = uploadUrl(getConfig().mediaBaseUrl, seo.image);
  // An https apply link stays a link; a mailto: one is the form on this page (decision 057).
  const target = applyTarget(job.applyLink);
  const externalApply = target.kind === "external" ? target.url : undefined;
  // The listing's words with typographic quotes and dashes (decision 073); its addresses as written.
  return { job: typesetDocument(job), seo, externalApply, employmentType: EMPLOYMENT_TYPE[job.type as keyof typeof EMPLOYMENT_TYPE] ?? "OTHER" };
}

/** The application form's post: the thanks, or the form again with what was typed. */
export async function action({ params, request }: Route.ActionArgs) {
  const job = await getPublishedJob(getDb(), params.slug);
  if (!job) throw new Response(null, { status: 404 });
  return applyFromRequest(request, job);
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  loaderData
    ? pageMeta({
        title: loaderData.seo.title,
        description: loaderData.seo.description,
        path: `/careers/${params.slug}`,
        matches,
        image: loaderData.seo.image,
        noindex: loaderData.seo.noindex,
      })
    : pageMeta({
        title: "Job not found",
        description: "This position is not open.",
        path: `/careers/${params.slug}`,
        matches,
        noindex: true,
      });

export default function JobDetail({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { job, employmentType, externalApply } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const studio = studioFrom(matches);
  const lists = [
    { title: "What you’ll do", items: job.responsibilities },
    { title: "What you bring", items: job.requirements },
    { title: "What we offer", items: job.benefits },
  ];
  return (
    <article className="container job">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "JobPosting",
          title: job.title,
          description: [job.description, ...lists.map((l) => `${l.title}: ${l.items.join("; ")}`)].join("\n\n"),
          datePosted: new Date(job.createdAt).toISOString().slice(0, 10),
          employmentType,
          hiringOrganization: {
            "@type": "Organization",
            name: studio.legalName,
            sameAs: siteUrl,
            logo: `${siteUrl}/icon-512.png`,
          },
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: job.location,
              addressCountry: studio.countryCode,
            },
          },
          url: `${siteUrl}/careers/${job.slug}`,
          directApply: !externalApply,
        }}
      />
      <a href="/careers" className="back-link">
        ← All positions
      </a>
      <header className="job-header">
        <p className="eyebrow">{job.department || "Careers"}</p>
        <h1>{job.title}</h1>
        <ul className="job-facts">
          <li>{job.location}</li>
          <li>{job.type}</li>
        </ul>
        <p className="lead">{job.description}</p>
      </header>
      {lists
        .filter((list) => list.items.length > 0)
        .map((list) => (
          <section key={list.title} className="job-section">
            <h2>{list.title}</h2>
            <ul>
              {list.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      {externalApply ? (
        <a href={externalApply} className="button button-coral job-apply" rel="noopener">
          Apply for this position
        </a>
      ) : (
        <ApplicationForm jobTitle={job.title} retentionMonths={job.retentionMonths} answer={actionData} />
      )}
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container narrow error-page">
      <p className="eyebrow">Careers</p>
      <h1>Job not found</h1>
      <p className="lead">This position does not exist or is no longer open.</p>
      <a href="/careers" className="button">
        See open positions
      </a>
    </section>
  );
}
