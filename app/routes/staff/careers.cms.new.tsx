import { emptyJob, JobForm } from "~/components/job-form";
import { submitJobForm } from "~/lib/careers/job-form-action.server";
import { createJob } from "~/lib/careers/jobs.server";
import { getDb } from "~/lib/platform/db.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/careers.cms.new";

export const meta: Route.MetaFunction = () => staffMeta("New job listing");

export async function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitJobForm(request, (job) => createJob(getDb(), staffActor(request, context), job));
}

export default function NewJob({ actionData }: Route.ComponentProps) {
  return (
    <div className="container admin">
      <h1 className="admin-title">New job listing</h1>
      <JobForm initial={emptyJob} lastResult={actionData?.result} submitLabel="Save listing" />
    </div>
  );
}
