import { getDb } from "~/lib/platform/db.server";
import { requireStaffApi } from "~/lib/auth/guard.server";
import { handleApi, jsonResponse, methodNotAllowed } from "~/lib/platform/http.server";
import {
  discardRestOfBody,
  enforceUploadRateLimit,
  readImageUpload,
  storeImage,
  UPLOAD_SUCCESS,
} from "~/lib/media/uploads.server";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import type { Route } from "./+types/api.upload-image";

/**
 * POST /api/upload-image (staff only): multipart/form-data with one file in `image`, and
 * optionally its alt text in `alt` (the blog editor sends it; stored in the media library,
 * 400 when blank or over the limit, decision 030).
 * 201 {data: {url}, message}; 400 wrong type, no file or not a valid image; 413 over
 * 5 MB or over the pixel budget; 429 over the per-user rate; 401 signed out.
 */
export const loader = () => methodNotAllowed();

export async function action({ request, context, pattern }: Route.ActionArgs) {
  let bodyRead = false;
  const response = await handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    let userId: string;
    try {
      // Checked before a byte of the body is read.
      userId = (await requireStaffApi({ context, pattern, request })).userId;
    } catch (error) {
      if (error instanceof Response) return error; // the guard's 401 JSON, not a 500
      throw error;
    }
    const db = getDb();
    await enforceUploadRateLimit(db, userId);
    const { bytes, altText } = await readImageUpload(request);
    bodyRead = true;
    const { url } = await storeImage(db, { bytes, altText, uploadedBy: userId, store: getMediaStore() });
    return jsonResponse({ data: { url }, message: UPLOAD_SUCCESS }, 201);
  });
  // Refused before the body was read to its end (401, 413, ...): drop the rest so the
  // client gets to read this answer, or, past the budget, close the connection.
  if (!bodyRead && !(await discardRestOfBody(request))) response.headers.set("Connection", "close");
  return response;
}
