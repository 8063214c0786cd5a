import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithFlash } from "../platform/flash.server";
import type { z } from "zod";
import { jobFormSchema } from "./job-form";
import { type Job, SlugTakenError } from "./jobs.server";


/**
 * The job form's action, for the new and the edit page: the schema the browser checked
 * with, then `save`; a taken slug is the slug field's error. Lists' add/remove/move
 * buttons without JavaScript come back as the form with the change made (200).
 */
export async function submitJobForm(request: Request, save: (job: z.output<typeof jobFormSchema>) => Promise<Job | undefined>) {
  const submission = parseWithZod(await request.formData(), { schema: jobFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, submission.status === "error" ? 400 : 200);
  }
  try {
    const job = await save(submission.value);
    if (!job) throw data(null, { status: 404 });
    return redirectWithFlash("/job-cms", { kind: "success", message: `Saved /careers/${job.slug}.` });
  } catch (error) {
    if (error instanceof SlugTakenError) {
      return data({ result: submission.reply({ fieldErrors: { slug: [error.message] } }) }, 409);
    }
    throw error;
  }
}
