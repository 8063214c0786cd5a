import { data, redirect } from "react-router";
import { emptyJob, JobForm } from "~/components/job-form";
import { getDb } from "~/lib/platform/db.server";

import { createJob, parseJobForm, SlugTakenError } from "~/lib/careers/jobs.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/careers.cms.new";

export const meta: Route.MetaFunction = () => staffMeta("New job listing");

export async function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = parseJobForm(await request.formData());
  if (!result.ok) return data({ errors: result.errors, values: result.values }, 400);
  try {
    const job = await createJob(getDb(), result.job, staffActor(request, context));
    return redirect(`/job-cms?saved=${encodeURIComponent(job.slug)}`);
  } catch (error) {
    if (error instanceof SlugTakenError) return data({ errors: { slug: error.message }, values: result.values }, 409);
    throw error;
  }
}

export default function NewJob({ actionData }: Route.ComponentProps) {
  return (
    <div className="container admin">
      <h1 className="admin-title">New job listing</h1>
      <JobForm initial={actionData?.values ?? emptyJob} errors={actionData?.errors} submitLabel="Save listing" />
    </div>
  );
}
