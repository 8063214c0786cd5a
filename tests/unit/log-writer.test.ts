import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as LogModule from "~/lib/platform/log.server";

// Info lines are what a busy server writes for every request; the suite's level hides them.
process.env.LOG_LEVEL = "info";
let logModule: typeof LogModule;
beforeAll(async () => {
  logModule = await import("~/lib/platform/log.server");
});

/** What the log writes to stdout and stderr, write by write, while `run` and the turn after it go by. */
async function captureWrites(run: () => void) {
  const writes: { stream: "stdout" | "stderr"; text: string }[] = [];
  const spy = (stream: "stdout" | "stderr") =>
    vi.spyOn(process[stream], "write").mockImplementation((chunk: unknown) => {
      writes.push({ stream, text: String(chunk) });
      return true;
    });
  const spies = [spy("stdout"), spy("stderr")];
  try {
    run();
    const duringTheTurn = writes.length;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return { writes, duringTheTurn };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

afterEach(() => logModule.flushLog());

describe("the log writer", () => {
  it("writes a burst of request lines after the turn, in one write, as JSON lines with ids", async () => {
    const { logRequest, nextRequestId } = logModule;
    const ids = Array.from({ length: 100 }, () => nextRequestId());
    const { writes, duringTheTurn } = await captureWrites(() => {
      ids.forEach((id, i) => logRequest("info", id, "GET", JSON.stringify(`/blog/"${i}"`), 200, 1.5));
    });
    expect(duringTheTurn).toBe(0); // nothing written on the request's path
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.text.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(100);
    expect(lines[7]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: "info",
      msg: "request",
      requestId: ids[7],
      method: "GET",
      path: '/blog/"7"',
      status: 200,
      ms: 1.5,
    });
    // Ids have a UUID's shape and never repeat.
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(100);
  });

  it("keeps the order: a warning goes out after the info lines before it", async () => {
    const { log } = logModule;
    const { writes } = await captureWrites(() => {
      log.info("first");
      log.warn("second");
      log.info("third");
    });
    const messages = writes.flatMap((w) =>
      w.text
        .trimEnd()
        .split("\n")
        .map((line) => `${w.stream}:${(JSON.parse(line) as { msg: string }).msg}`),
    );
    expect(messages).toEqual(["stdout:first", "stderr:second", "stdout:third"]);
  });
});
