import { data, redirect } from "react-router";
import { JobForm } from "~/components/job-form";
import { getDb } from "~/lib/platform/db.server";

import { getJob, parseJobForm, SlugTakenError, updateJob } from "~/lib/careers/jobs.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/job-cms.edit";

export const meta: Route.MetaFunction = () => staffMeta("Edit job listing");

export async function loader({ params }: Route.LoaderArgs) {
  const job = await getJob(getDb(), params.id);
  if (!job) throw data(null, { status: 404 });
  return { job };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const result = parseJobForm(await request.formData());
  if (!result.ok) return data({ errors: result.errors, values: result.values }, 400);
  try {
    const job = await updateJob(getDb(), params.id, result.job, staffActor(request, context));
    if (!job) throw data(null, { status: 404 });
    return redirect(`/job-cms?saved=${encodeURIComponent(job.slug)}`);
  } catch (error) {
    if (error instanceof SlugTakenError) return data({ errors: { slug: error.message }, values: result.values }, 409);
    throw error;
  }
}

export default function EditJob({ loaderData, actionData }: Route.ComponentProps) {
  const { job } = loaderData;
  const initial = actionData?.values ?? {
    ...job,
    responsibilities: job.responsibilities,
    requirements: job.requirements,
    benefits: job.benefits,
  };
  return (
    <div className="container admin">
      <h1 className="admin-title">Edit: {job.title}</h1>
      <JobForm key={job.id} initial={initial} errors={actionData?.errors} submitLabel="Save changes" />
    </div>
  );
}
