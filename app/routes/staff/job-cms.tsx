import { FormNotice } from "~/components/form-notice";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { RowDeleteForm } from "~/components/staff/row-delete-form";
import { RowMenu } from "~/components/staff/row-menu";
import { StaffTable } from "~/components/staff/list-kit";
import { deleteJobQuestion, deleteJobSchema, jobVisibilitySchema } from "~/lib/careers/job-form";
import { deleteJob, JOB_GONE, listAllJobs, setJobPublished } from "~/lib/careers/jobs.server";
import { getDb } from "~/lib/platform/db.server";
import { NotFoundError } from "~/lib/platform/domain-errors";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import type { FormResult } from "~/lib/platform/form-result";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/job-cms";

export const meta: Route.MetaFunction = () => staffMeta("Stillingsannonser");

export async function loader() {
  const jobs = await listAllJobs(getDb());
  return {
    jobs: jobs.map(({ id, slug, title, type, location, published }) => ({
      id,
      slug,
      title,
      type,
      location,
      published,
    })),
  };
}

/** The line for an intent that is none of the page's (the job pages speak English: decision 010). */
const UNKNOWN_ACTION = "Unknown action";

/** Which listing a row's answer is for, so only its row shows what was wrong with its form. */
type RowResult = FormResult & { id: string };

/**
 * Publishes, hides or (confirmed) deletes a listing, then back to the list with the line
 * (decision 047). A listing deleted meanwhile: the list again, 404, with the line saying so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const actor = staffActor(request, context);
  const id = String(formData.get("id") ?? "");
  const db = getDb();
  const intent = formData.get("intent");
  const deleting = intent === "delete";
  const submission = deleting
    ? parseWithZod(formData, { schema: deleteJobSchema })
    : parseWithZod(formData, { schema: jobVisibilitySchema });
  const row = (body: Omit<RowResult, "id" | "result">, status: number) =>
    data<RowResult>({ ...body, id, result: submission.reply() }, status);
  // An intent no button sends (a hand-made request): said in words, not a bare 400.
  if (!deleting && intent !== "publish" && intent !== "unpublish") return row({ error: UNKNOWN_ACTION }, 400);
  if (submission.status !== "success") return row({ intent: deleting ? "delete" : undefined }, 400);
  try {
    if (deleting) {
      await deleteJob(db, actor, id);
      return redirectWithFlash("/job-cms", { kind: "success", message: "Annonsen er slettet." });
    }
    const job = await setJobPublished(db, actor, id, intent === "publish");
    const message = job.published ? `«${job.title}» er publisert.` : `«${job.title}» er skjult fra /careers.`;
    return redirectWithFlash("/job-cms", { kind: "success", message });
  } catch (error) {
    if (error instanceof NotFoundError) return row({ error: JOB_GONE }, 404);
    throw error;
  }
}

export default function JobCms({ loaderData, actionData }: Route.ComponentProps) {
  const rowResult = (id: string) => (actionData?.id === id ? actionData : undefined);
  return (
    <div className="container admin">
      <div className="admin-head">
        <h1 className="admin-title">Stillingsannonser</h1>
        <Link to="/careers/cms/new" className="button">
          Ny annonse
        </Link>
      </div>
      <FormNotice data={actionData} />
      <p>{loaderData.jobs.length} annonser</p>
      <StaffTable
        className="admin-table"
        rows={loaderData.jobs}
        columns={[
          {
            label: "Tittel",
            cell: (job) => (
              <>
                <Link to={`/job-cms/${job.id}`}>{job.title}</Link>
                <br />
                <small>/careers/{job.slug}</small>
              </>
            ),
          },
          { label: "Type", cell: (job) => job.type },
          { label: "Status", cell: (job) => (job.published ? "Publisert" : "Skjult") },
          {
            label: "Handlinger",
            cell: (job) => (
              <RowMenu
                name={job.title}
                open={Boolean(rowResult(job.id))}
                danger={
                  <RowDeleteForm
                    row={{ id: job.id, name: job.title }}
                    schema={deleteJobSchema}
                    actionData={rowResult(job.id)}
                    question={deleteJobQuestion(job.title)}
                  />
                }
              >
                <Link to={`/job-cms/${job.id}`} className="button button-small button-ghost">
                  Rediger<span className="visually-hidden"> {job.title}</span>
                </Link>
                <VisibilityForm job={job} />
              </RowMenu>
            ),
          },
        ]}
      />
    </div>
  );
}

/** "Skjul" / "Publiser" for one listing: busy while this listing's change is sent, not a neighbour's. */
function VisibilityForm({ job }: { job: { id: string; title: string; published: boolean } }) {
  const intent = job.published ? "unpublish" : "publish";
  const busy = useIsPending({ intent, fields: { id: job.id } });
  return (
    <Form method="post">
      <input type="hidden" name="id" value={job.id} />
      <button type="submit" name="intent" value={intent} className="button button-small button-ghost" disabled={busy}>
        {job.published ? "Skjul" : "Publiser"}
        <span className="visually-hidden"> {job.title}</span>
      </button>
    </Form>
  );
}
