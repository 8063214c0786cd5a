import type { z } from "zod";
import { isDatabaseUnavailable } from "./db.server";
import { DomainError, type DomainErrorKind, RateLimitedError } from "./domain-errors";
import { log } from "./log.server";
import { BodyLimitError, readBody } from "./request-body.server";

/**
 * An error of the JSON API layer itself (a wrong method, a body that is not JSON), with
 * its status. Domain code throws domain errors instead (domain-errors.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * JSON that everyone may get the same copy of (the published posts): no Cache-Control of
 * its own, so the page cache may keep it and set the public one (server/page-cache.ts);
 * when it is not kept it is sent `private, no-store` like any other answer.
 */
export function publicJsonResponse(body: unknown) {
  return Response.json(body);
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Runs an API handler and turns every failure into a JSON {error} with the right
 * status: the handler's own ApiErrors as they are, anything unexpected as a logged 500.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error; // e.g. the 401 of requireStaffApi
    const answer = apiAnswerOf(error);
    if (answer) return jsonResponse({ error: answer.message }, answer.status, answer.headers);
    if (isDatabaseUnavailable(error)) {
      return jsonResponse({ error: "The service is temporarily unavailable. Please try again in a moment." }, 503);
    }
    log.error("api error", { error });
    return jsonResponse({ error: "Something went wrong on our side. Please try again." }, 500);
  }
}

/** The one place a domain error becomes an HTTP status for the API. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  "not-found": 404,
  conflict: 409,
  validation: 400,
  "too-large": 413,
  "rate-limited": 429,
  busy: 503,
  forbidden: 403,
};

/**
 * The status, text and headers the API answers an ApiError or a domain error with;
 * undefined for anything else (a bug: a logged 500).
 */
export function apiAnswerOf(error: unknown): { status: number; message: string; headers: Record<string, string> } | undefined {
  if (error instanceof ApiError) return { status: error.status, message: error.message, headers: error.headers };
  if (!(error instanceof DomainError)) return undefined;
  const headers: Record<string, string> =
    error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return { status: DOMAIN_ERROR_STATUS[error.kind], message: error.message, headers };
}

/** Only POST: anything else is a 405 with an Allow header. */
export function methodNotAllowed(allowed = "POST") {
  return jsonResponse({ error: "Method not allowed" }, 405, { Allow: allowed });
}

/** How long a JSON body may take to arrive: a few KB, even on a poor mobile link. */
const JSON_DEADLINE_MS = 10_000;

/**
 * Reads a JSON object body of at most `maxBytes`, counting bytes as they arrive so an
 * oversized body is refused without being buffered whole (request-body.server.ts).
 */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new ApiError(415, "Please send the form as JSON.");
  let bytes: Buffer;
  try {
    bytes = await readBody(request, { maxBytes, deadlineMs: JSON_DEADLINE_MS });
  } catch (error) {
    if (error instanceof BodyLimitError) throw new ApiError(error.status, error.message);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ApiError(400, "The request is not valid JSON.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new ApiError(400, "The request must be a JSON object.");
  return parsed as Record<string, unknown>;
}

/** The first validation message of a zod error, as a 400. */
export function validationError(error: z.ZodError) {
  return new ApiError(400, error.issues[0]?.message ?? "Invalid request");
}

export { multiLine, singleLine } from "./text-fields";
