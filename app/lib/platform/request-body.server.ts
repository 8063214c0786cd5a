/**
 * Request bodies, read with a byte limit and a deadline: one mechanism for every body.
 *
 * The server edge (server/body-limit.ts) refuses a declared Content-Length over the
 * route's limit before reading anything, and otherwise hands the routes a body that
 * stops at the limit (`limitBody`), whatever parser they use on it: formData(), JSON,
 * multipart. Readers that need the bytes themselves (the JSON API, the image upload)
 * use `readBody`, which applies the same rules with their own, usually tighter, limit.
 *
 * A refused body is never cancelled, only left unread: cancelling the stream of a
 * Node request destroys its socket, and the client would never see the 413 or 408.
 * The server drops what is left once the answer is sent (briefly; then it closes).
 */

export type BodyRules = {
  /** The most bytes a body may have. */
  maxBytes: number;
  /** How long the body may take to arrive once reading has begun. */
  deadlineMs: number;
};

export class BodyLimitError extends Error {
  constructor(
    readonly status: 408 | 413,
    message: string,
  ) {
    super(message);
  }
}

export class BodyTooLargeError extends BodyLimitError {
  override name = "BodyTooLargeError";
  /** `bytes`: the declared length, or what had arrived when the limit was passed. */
  constructor(readonly bytes: number) {
    super(413, "The request is too large.");
  }
}

export class BodyTimeoutError extends BodyLimitError {
  override name = "BodyTimeoutError";
  constructor() {
    super(408, "The request took too long to arrive. Please try again.");
  }
}

/** The Content-Length header as a number; undefined when absent or not a plain number. */
export function declaredLength(request: Request): number | undefined {
  const header = request.headers.get("content-length");
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}

export type LimitedBody = {
  stream: ReadableStream<Uint8Array>;
  /** Why the body was refused, once it was. */
  readonly failure: BodyLimitError | undefined;
  /** Stops the deadline; for when the request is over. */
  dispose(): void;
};

/**
 * `source` passed through until it is complete, or until it passes `maxBytes` or the
 * deadline (counted from the first read), when the stream errors with a BodyLimitError
 * and nothing more is read from `source`.
 */
export function limitBody(source: ReadableStream<Uint8Array>, rules: BodyRules): LimitedBody {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let received = 0;
  let finished = false;
  let failure: BodyLimitError | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const finish = () => {
    finished = true;
    clearTimeout(timer);
    try {
      reader?.releaseLock(); // a read still pending rejects, which is handled below
    } catch {
      // already released
    }
  };
  const fail = (error: BodyLimitError) => {
    if (finished) return;
    failure = error;
    finish();
    controller.error(error);
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      async pull() {
        if (finished) return;
        if (!reader) {
          reader = source.getReader();
          timer = setTimeout(() => fail(new BodyTimeoutError()), rules.deadlineMs);
          timer.unref?.(); // a server has other work keeping it alive; a test run must be free to end
        }
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          if (finished) return; // our own deadline released the reader
          finish();
          controller.error(error);
          return;
        }
        if (finished) return;
        if (next.done) {
          finish();
          controller.close();
          return;
        }
        received += next.value.byteLength;
        if (received > rules.maxBytes) return fail(new BodyTooLargeError(received));
        controller.enqueue(next.value);
      },
      cancel() {
        // The reader gave up on the body: leave the rest to the server, unread.
        if (!finished) finish();
      },
    },
    // Nothing is read ahead of the consumer, so the deadline starts with the first read.
    { highWaterMark: 0 },
  );

  return {
    stream,
    get failure() {
      return failure;
    },
    dispose: () => {
      if (!finished) finish();
    },
  };
}

/**
 * The whole body as bytes, within `rules`: a declared Content-Length over the limit is
 * refused before anything is read; otherwise reading stops as soon as the count passes
 * the limit, so an oversized body is never buffered.
 */
export async function readBody(request: Request, rules: BodyRules): Promise<Buffer> {
  const declared = declaredLength(request);
  if (declared !== undefined && declared > rules.maxBytes) throw new BodyTooLargeError(declared);
  if (!request.body) return Buffer.alloc(0);
  const reader = limitBody(request.body, rules).stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
