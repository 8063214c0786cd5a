import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { redirectWithFlash } from "../platform/flash.server";
import { replyToForm } from "../platform/form-reply.server";
import { jobFormSchema } from "./job-form";
import { seoFromForm } from "../seo/seo-fields";
import { type Job, SlugTakenError } from "./jobs.server";

/**
 * The job form's action, for the new and the edit page (decision 048): the schema the
 * browser checked with, then `save`; a taken slug is the slug field's error, a listing
 * deleted meanwhile the page's 404. Lists' add/remove/move buttons without JavaScript
 * come back as the form with the change made (200).
 */
export async function submitJobForm(request: Request, save: (job: z.output<typeof jobFormSchema>) => Promise<Job>) {
  const submission = parseWithZod(await request.formData(), { schema: jobFormSchema });
  return replyToForm(submission, async (value) => {
    try {
      // The form always has the search fields: an empty box is the default again (decision 056).
      const job = await save({ ...value, ...seoFromForm(value) });
      return redirectWithFlash("/job-cms", { kind: "success", message: `Lagret /careers/${job.slug}.` });
    } catch (error) {
      if (error instanceof SlugTakenError) return { fieldErrors: { slug: [error.message] }, status: 409 };
      throw error;
    }
  });
}
