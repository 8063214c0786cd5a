import { expect, vi } from "vitest";

export type LogLine = Record<string, unknown> & { level: string; msg: string };

/**
 * Runs `run` with the app's warning and error lines (they go to stderr) captured instead
 * of printed, for a test that provokes exactly such an error: the test checks the line,
 * and a passing run prints no error-level lines. Anything on stderr that is not a log
 * line goes through as usual.
 */
export async function capturingLog<T>(run: () => Promise<T>): Promise<{ result: T; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown, ...rest: unknown[]) => {
    try {
      const line = JSON.parse(String(chunk)) as LogLine;
      if (typeof line?.msg === "string") {
        lines.push(line);
        return true;
      }
    } catch {
      // not a log line
    }
    return write(chunk, ...rest);
  });
  try {
    return { result: await run(), lines };
  } finally {
    spy.mockRestore();
  }
}

/** An error line with this message, and any further fields given. */
export const errorLine = (msg: string, fields: Record<string, unknown> = {}) =>
  expect.objectContaining({ level: "error", msg, ...fields });
