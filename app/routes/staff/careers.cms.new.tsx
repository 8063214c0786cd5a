import { emptyJob, JobForm } from "~/components/job-form";
import { submitJobForm } from "~/lib/careers/job-form-action.server";
import { createJob } from "~/lib/careers/jobs.server";
import { getDb } from "~/lib/platform/db.server";
import { getConfig } from "~/lib/platform/config.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/careers.cms.new";

export const meta: Route.MetaFunction = () => staffMeta("Ny stillingsannonse");

export async function loader() {
  // The library's images, for the share image (decision 056).
  return { media: await mediaChoices(getDb(), getConfig().mediaBaseUrl) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitJobForm(request, (job) => createJob(getDb(), staffActor(request, context), job));
}

export default function NewJob({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <div className="container admin">
      <h1 className="admin-title">Ny stillingsannonse</h1>
      <JobForm initial={emptyJob} media={loaderData.media} lastResult={actionData?.result} submitLabel="Lagre annonsen" />
    </div>
  );
}
