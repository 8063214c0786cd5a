import { data } from "react-router";
import { JobForm } from "~/components/job-form";
import { submitJobForm } from "~/lib/careers/job-form-action.server";
import { getJob, updateJob } from "~/lib/careers/jobs.server";
import { getDb } from "~/lib/platform/db.server";
import { getConfig } from "~/lib/platform/config.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { seoOfRow } from "~/lib/seo/seo.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/job-cms.edit";

export const meta: Route.MetaFunction = () => staffMeta("Rediger stillingsannonse");

export async function loader({ params }: Route.LoaderArgs) {
  const job = await getJob(getDb(), params.id);
  if (!job) throw data(null, { status: 404 });
  // The library's images, for the share image (decision 056).
  return { job: { ...job, ...seoOfRow(job) }, media: await mediaChoices(getDb(), getConfig().mediaBaseUrl) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return submitJobForm(request, (job) => updateJob(getDb(), staffActor(request, context), params.id, job));
}

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job } = loaderData;
  return (
    <div className="container admin">
      <h1 className="admin-title">Rediger: {job.title}</h1>
      <JobForm key={job.id} initial={job} media={loaderData.media} lastResult={actionData?.result} submitLabel="Lagre endringene" />
    </div>
  );
}
