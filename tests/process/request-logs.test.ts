import { describe, expect, it } from "vitest";
import * as fixtures from "../fixtures/images";
import { waitUntil } from "../support/fault-load";
import { setUpProductionServer } from "../support/production-server";

// An operator follows one request through the log by the id its response names
// (X-Request-Id): every line written while it is handled carries it, including lines
// from domain code that was never handed the id.
const fixture = setUpProductionServer("request-logs", {
  env: { LOG_LEVEL: "info" },
  staff: { email: "logs@fjordform.test", fullName: "Log Reader" },
});

const lines = () =>
  fixture.server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request ids in the log", () => {
  it("a refused upload's warning from the image code carries the id of the response", async () => {
    const { server, cookie } = fixture;
    const form = new FormData();
    const truncated = (await fixtures.jpegWithGps()).subarray(0, 600);
    form.append("image", new Blob([new Uint8Array(truncated)], { type: "image/jpeg" }), "broken.jpg");
    const response = await fetch(`${server.url}/api/upload-image`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
    });
    expect(response.status).toBe(400);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    await waitUntil(() => lines().some((line) => line.msg === "request" && line.requestId === requestId), "the request line");
    const ofThisRequest = lines().filter((line) => line.requestId === requestId);
    expect(ofThisRequest.map((line) => line.msg)).toEqual(["image refused", "request"]);
    // Lines outside any request (start-up) carry none.
    expect(lines().find((line) => line.msg === "listening")?.requestId).toBeUndefined();
  });
});
