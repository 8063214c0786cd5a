import { FormNotice } from "~/components/form-notice";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/lib/platform/db.server";

import { deleteJob, listAllJobs, setJobPublished } from "~/lib/careers/jobs.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/job-cms";

export const meta: Route.MetaFunction = () => staffMeta("Job listings");

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

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const actor = staffActor(request, context);
  const id = String(form.get("id") ?? "");
  const db = getDb();
  switch (form.get("intent")) {
    case "publish":
    case "unpublish": {
      const job = await setJobPublished(db, id, form.get("intent") === "publish", actor);
      if (!job) return data({ message: "That listing no longer exists." }, 404);
      return { message: job.published ? `“${job.title}” is published.` : `“${job.title}” is hidden from /careers.` };
    }
    case "delete":
      return (await deleteJob(db, id, actor))
        ? { message: "Listing deleted." }
        : data({ message: "That listing no longer exists." }, 404);
    default:
      return data({ message: "Unknown action" }, 400);
  }
}

export default function JobCms({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const message = actionData?.message;
  return (
    <div className="container admin">
      <div className="admin-head">
        <h1 className="admin-title">Job listings</h1>
        <Link to="/careers/cms/new" className="button button-coral">
          New listing
        </Link>
      </div>
      <FormNotice data={{ message }} />
      <p>{loaderData.jobs.length} listings</p>
      <div className="table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.jobs.map((job) => (
              <tr key={job.id}>
                <td data-label="Title">
                  <Link to={`/job-cms/${job.id}`}>{job.title}</Link>
                  <br />
                  <small>/careers/{job.slug}</small>
                </td>
                <td data-label="Type">{job.type}</td>
                <td data-label="Status">{job.published ? "Published" : "Hidden"}</td>
                <td data-label="Actions">
                  <div className="row-actions">
                    <Link to={`/job-cms/${job.id}`} className="button button-small button-ghost">
                      Edit<span className="visually-hidden"> {job.title}</span>
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="id" value={job.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={job.published ? "unpublish" : "publish"}
                        className="button button-small button-ghost"
                        disabled={busy}
                      >
                        {job.published ? "Unpublish" : "Publish"}
                        <span className="visually-hidden"> {job.title}</span>
                      </button>
                    </Form>
                    <Form
                      method="post"
                      onSubmit={(event) => {
                        if (!window.confirm(`Delete the listing “${job.title}”? This cannot be undone.`))
                          event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="id" value={job.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        className="button button-small button-danger"
                        disabled={busy}
                      >
                        Delete<span className="visually-hidden"> {job.title}</span>
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
