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

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (levels[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, (_key, value) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
