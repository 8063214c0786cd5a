import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Structured logs: one JSON object a line on stdout, so a log shipper can parse them
 * and a human can still grep them. The level comes from LOG_LEVEL.
 */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, "silent">;

function threshold() {
  const configured = process.env.LOG_LEVEL as keyof typeof levels | undefined;
  return levels[configured && configured in levels ? configured : "info"];
}

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
  const entry = { time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...fields };
  const line = JSON.stringify(entry, (_key, value) =>
    value instanceof Error ? serializeError(value) : value,
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
