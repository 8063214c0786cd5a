import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/**
 * Structured logs: one JSON object a line on stdout, so a log shipper can parse them
 * and a human can still grep them. The level comes from LOG_LEVEL.
 *
 * Info and debug lines (a line for every request) do not block the event loop line by
 * line: they are collected and written together once the current turn of the event loop
 * is over (one write for a burst of requests instead of one each), and what is left is
 * written at exit. Warnings and errors go to stderr at once, after whatever info lines
 * are waiting, so the order of the log stays as it happened
 * (docs/decisions/054-fast-for-every-visitor.md).
 */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

let configuredThreshold: number | undefined;
// LOG_LEVEL is read once: process.env is slow to read on every line.
function threshold() {
  if (configuredThreshold === undefined) {
    const configured = process.env.LOG_LEVEL as keyof typeof levels | undefined;
    configuredThreshold = levels[configured && configured in levels ? configured : "info"];
  }
  return configuredThreshold;
}

/** Whether lines of `level` are written at all (so a caller can skip building one). */
export const logs = (level: Level) => levels[level] >= threshold();

// Info and debug lines waiting for the end of this turn of the event loop.
let pending: string[] = [];
let pendingBytes = 0;
let flushScheduled = false;
let dropped = 0;
// A bound on what waits (a stdout nobody reads): beyond it lines are counted, not kept.
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

/** Writes the waiting lines now, in one write. */
export function flushLog() {
  flushScheduled = false;
  if (dropped > 0) {
    pending.push(`${JSON.stringify({ time: new Date().toISOString(), level: "warn", msg: "log lines dropped", count: dropped })}\n`);
    dropped = 0;
  }
  if (pending.length === 0) return;
  const text = pending.length === 1 ? pending[0]! : pending.join("");
  pending = [];
  pendingBytes = 0;
  process.stdout.write(text);
}

function enqueue(line: string) {
  if (pendingBytes + line.length > MAX_PENDING_BYTES) {
    dropped++;
    return;
  }
  pending.push(line);
  pendingBytes += line.length;
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushLog);
  }
}
// Whatever is waiting when the process ends (process.exit included) is still written.
process.on("exit", flushLog);

/** SQLSTATE classes (the first two characters of the code), for a readable line. */
const SQLSTATE_CLASSES: Record<string, string> = {
  "08": "connection exception",
  "22": "data exception",
  "23": "integrity constraint violation",
  "25": "invalid transaction state",
  "40": "transaction rollback",
  "42": "syntax error or access rule violation",
  "53": "insufficient resources",
  "54": "program limit exceeded",
  "57": "operator intervention",
  "58": "system error",
  XX: "internal error",
};

type PgError = Error & { code: string; severity: string; table?: string; constraint?: string; routine?: string };
const isPgError = (value: unknown): value is PgError =>
  value instanceof Error &&
  typeof (value as PgError).code === "string" &&
  /^[0-9A-Z]{5}$/.test((value as PgError).code) &&
  typeof (value as PgError).severity === "string";

/** Only the "at ..." lines of a stack: its first line repeats the message. */
const frames = (stack: string | undefined) => stack?.slice(Math.max(0, stack.indexOf("\n    at ") + 1));

/**
 * Errors as JSON. Database errors never carry values into the log: Drizzle's wrapper
 * puts the SQL and every parameter (e-mail addresses, tokens, whatever was sent) in
 * its message, and PostgreSQL's own message and detail can quote the offending value.
 * They are logged as the SQLSTATE code, its class, and the table/constraint/routine.
 */
function serializeError(error: Error) {
  const wrapped = "query" in error && "params" in error;
  const cause = wrapped ? error.cause : error;
  if (isPgError(cause)) {
    return {
      name: "DatabaseError",
      code: cause.code,
      message: `database error ${cause.code} (${SQLSTATE_CLASSES[cause.code.slice(0, 2)] ?? "other"})`,
      table: cause.table,
      constraint: cause.constraint,
      routine: cause.routine,
      stack: frames(error.stack),
    };
  }
  if (wrapped) {
    // Not from the server (a lost connection, a driver error): its own message has no values.
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : "unknown cause";
    return { name: "DatabaseError", message: `database query failed: ${reason}`, stack: frames(error.stack) };
  }
  return { name: error.name, message: error.message, stack: error.stack };
}

/**
 * The request a line belongs to. server/app.ts runs each request inside `withRequestId`,
 * so every line written while it is handled (route, domain, database code) carries the
 * id the response's X-Request-Id header names, without passing it down by hand.
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();
export const withRequestId = <T>(requestId: string, run: () => T): T => requestScope.run({ requestId }, run);

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (levels[level] < threshold()) return;
  const requestId = requestScope.getStore()?.requestId;
  const entry = { time: isoNow(), level, msg, ...(requestId ? { requestId } : {}), ...fields };
  const line = JSON.stringify(entry, (_key, value) =>
    value instanceof Error ? serializeError(value) : value,
  );
  if (level === "error" || level === "warn") {
    flushLog(); // the info lines before it first
    process.stderr.write(`${line}\n`);
  } else {
    enqueue(`${line}\n`);
  }
}

// The time of a line, formatted once per millisecond however many lines share it.
let isoAt = 0;
let iso = "";
function isoNow() {
  const at = Date.now();
  if (at !== isoAt) {
    isoAt = at;
    iso = new Date(at).toISOString();
  }
  return iso;
}

/**
 * The line of one request, without the generic path's object and JSON building: the
 * same fields, in the same order, as `log.info("request", {...})` writes. `pathJson` is
 * the path as a JSON string (a cached page keeps its own, made once).
 */
export function logRequest(level: "info" | "debug", requestId: string, method: string, pathJson: string, status: number, ms: number) {
  if (levels[level] < threshold()) return;
  enqueue(
    `{"time":"${isoNow()}","level":"${level}","msg":"request","requestId":"${requestId}","method":${JSON.stringify(method)},"path":${pathJson},"status":${status},"ms":${ms}}\n`,
  );
}

// Request ids: a random part per process and a counter, in the shape of a UUID, so an id
// costs an increment instead of random bytes, and two processes never share one.
const idPrefix = randomBytes(10).toString("hex"); // 20 hex digits
const idHead = `${idPrefix.slice(0, 8)}-${idPrefix.slice(8, 12)}-${idPrefix.slice(12, 16)}-${idPrefix.slice(16, 20)}-`;
let idCounter = 0;
export function nextRequestId() {
  idCounter = (idCounter + 1) % 0x1000000000000;
  return idHead + idCounter.toString(16).padStart(12, "0");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
