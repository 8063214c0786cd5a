import { describe, expect, it } from "vitest";
import { slidingWindow } from "~/lib/platform/rate-limit.server";

// The visitor forms' limit (5 in 10 minutes) weighed over a sliding window: a burst that
// straddles a window's end is still one burst (fixed windows let it through at twice the
// limit, and a test running across the boundary saw its sixth request allowed).
const WINDOW = 600_000;
const weigh = (previous: number, current: number, elapsedMs: number, limit = 5) =>
  slidingWindow({ previous, current, limit, windowMs: WINDOW, elapsedMs });

describe("the sliding window", () => {
  it("allows the limit and refuses the next within one window", () => {
    for (let n = 1; n <= 5; n++) expect(weigh(0, n, 1_000).allowed, `request ${n}`).toBe(true);
    expect(weigh(0, 6, 1_000).allowed).toBe(false);
  });

  it("refuses a sixth request just after the window's end, when five came just before it", () => {
    expect(weigh(5, 1, 1_000).allowed).toBe(false);
    // …however the five were split across the boundary.
    expect(weigh(3, 2, 1_000).allowed).toBe(true);
    expect(weigh(3, 3, 1_000).allowed).toBe(false);
  });

  it("lets the previous window's requests fade as the window slides on", () => {
    expect(weigh(5, 1, 0.1 * WINDOW).allowed).toBe(false); // 4.5 + 1
    expect(weigh(5, 1, 0.2 * WINDOW).allowed).toBe(true); // 4 + 1
    expect(weigh(5, 1, WINDOW - 1).allowed).toBe(true);
  });

  it("says when one more request would be allowed, and that time is right", () => {
    // Six in this window, 2 minutes in: in the next one, once this one's share has faded to four.
    const refused = weigh(0, 6, 120_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(480 + 200);
    expect(weigh(6, 1, 200_000).allowed).toBe(true); // 6 × 2/3 + 1
    expect(weigh(6, 1, 199_000).allowed).toBe(false);
    // Five before, one now (refused), 30 s in: room for one more once the previous share is ≤ 3.
    const later = weigh(5, 1, 30_000);
    expect(later.allowed).toBe(false);
    expect(later.retryAfterSeconds).toBe(240 - 30);
    expect(weigh(5, 2, 240_000).allowed).toBe(true);
    expect(weigh(5, 2, 239_000).allowed).toBe(false);
  });
});
