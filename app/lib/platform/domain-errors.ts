/**
 * What went wrong, in the domain's terms. Domain code throws these and never an HTTP
 * status; the JSON API wrapper (`handleApi` in http.server.ts) maps them to statuses,
 * and page actions turn them into the form's message. The message is the text the
 * person sees, so it is written for them.
 */
export type DomainErrorKind =
  "not-found" | "conflict" | "validation" | "too-large" | "rate-limited" | "busy" | "forbidden";

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** The thing asked for does not exist (or is not theirs to see). */
export class NotFoundError extends DomainError {
  readonly kind = "not-found";
}

/** It clashes with what is already there (a taken address or slug, a second enrolment). */
export class ConflictError extends DomainError {
  readonly kind = "conflict";
}

/** The actor's role may not do this (decision 059), e.g. an author publishing; the message says so. */
export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
}

/** The input breaks a rule; the message says which. */
export class ValidationError extends DomainError {
  readonly kind = "validation";
}

/** The input is bigger than allowed (a file, an image's pixels). */
export class TooLargeError extends DomainError {
  readonly kind = "too-large";
}

/** Too many attempts; may try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly kind = "rate-limited";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Not now: the work queue is full; the same request may succeed in a moment. */
export class BusyError extends DomainError {
  readonly kind = "busy";
}
