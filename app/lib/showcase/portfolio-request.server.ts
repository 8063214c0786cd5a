import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getMediaStore } from "../media/storage/media-store.server";
import { discardRestOfBody } from "../media/uploads.server";
import { getConfig } from "../platform/config.server";
import { getDb } from "../platform/db.server";
import { formReply } from "../platform/form-reply.server";
import { redirectWithFlash } from "../platform/flash.server";
import { MultipartError } from "../platform/multipart.server";
import { staffActor } from "../staff/actor.server";
import { savePortfolioItem } from "./portfolio-admin.server";
import { portfolioItemSchema } from "./showcase-forms";
import { receiveShowcaseForm, uploadSpoolDir } from "./showcase-upload.server";

/**
 * The save of /admin/work/new and /admin/work/:id: reads the streamed form, checks it
 * and saves the item. A 303 to the item's page means it is committed; otherwise the form
 * comes back with its text and the reason (400, or 413 for a file too large).
 */
export async function savePortfolioFromRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  id?: string,
) {
  const config = getConfig();
  const actor = staffActor(request, context);
  const received = await receiveShowcaseForm(request, {
    videoMaxBytes: config.videoMaxBytes,
    spoolDir: uploadSpoolDir(config.dataDir),
  }).catch((error: unknown) => {
    if (error instanceof MultipartError) throw data(null, { status: 400 });
    throw error;
  });
  try {
    const submission = parseWithZod(received.fields, { schema: portfolioItemSchema });
    if (received.refused) {
      const { field, message, status } = received.refused;
      // The rest of the refused file is read and dropped, so the browser gets to read this answer.
      await discardRestOfBody(request, { bytes: 2 * config.videoMaxBytes, ms: 10_000 });
      return formReply(submission, { fieldErrors: { [field]: [message] }, status });
    }
    if (submission.status !== "success") return formReply(submission);
    const saved = await savePortfolioItem(getDb(), getMediaStore(), { id, input: submission.value, files: received, actor });
    if (!saved) throw data(null, { status: 404 });
    if (!saved.ok) return formReply(submission, { fieldErrors: saved.fieldErrors, status: 400 });
    const message = id ? "Endringene er lagret." : "Prosjektet er lagret.";
    return redirectWithFlash(`/admin/work/${saved.item.id}`, { kind: "success", message });
  } finally {
    await received.discard();
  }
}
