import { describe, expect, it } from "vitest";
import {
  formatLongDate,
  formatShortDate,
  fromOsloWallClock,
  osloDateTime,
  osloDateTimeOr,
  osloDay,
  osloLongDateTime,
  osloTimestamp,
  shortDayLabel,
  startOfOsloDay,
} from "~/lib/platform/dates";

// Whatever zone the server or the browser is in, dates read as they do in Oslo.
describe("the one date module", () => {
  const lateEvening = new Date("2026-11-21T23:30:00Z"); // 00:30 on 22 November in Oslo
  const summer = new Date("2026-07-01T22:15:00Z"); // 00:15 on 2 July (UTC+2)

  it("dates a moment by the Oslo calendar, in Norwegian", () => {
    expect(formatLongDate(lateEvening)).toBe("22. november 2026");
    expect(formatLongDate("2026-07-01T22:15:00.000Z")).toBe("2. juli 2026");
    expect(formatShortDate(lateEvening)).toBe("22.11.2026");
    expect(osloDay(summer)).toBe("2026-07-02");
  });

  it("gives staff the Oslo wall-clock time", () => {
    expect(osloDateTime(lateEvening)).toBe("22. nov. 2026 kl. 00:30");
    // A moment that may not have happened: a dash, or the page's own word.
    expect(osloDateTimeOr(lateEvening)).toBe("22. nov. 2026 kl. 00:30");
    expect(osloDateTimeOr(null)).toBe("–");
    expect(osloDateTimeOr(undefined, "nettopp")).toBe("nettopp");
    expect(osloLongDateTime(summer)).toBe("2. juli 2026 kl. 00:15");
    expect(osloTimestamp(summer)).toBe("2026-07-02 00:15");
    expect(shortDayLabel("2026-12-05")).toBe("5. des.");
  });

  it("finds midnight in Oslo, winter and summer time", () => {
    expect(startOfOsloDay(lateEvening).toISOString()).toBe("2026-11-21T23:00:00.000Z");
    expect(startOfOsloDay(summer).toISOString()).toBe("2026-07-01T22:00:00.000Z");
    // The night the clocks go forward (29 March 2026): midnight was still UTC+1.
    expect(startOfOsloDay(new Date("2026-03-29T12:00:00Z")).toISOString()).toBe("2026-03-28T23:00:00.000Z");
  });

  it("reads the editor's date field as Oslo wall-clock time", () => {
    expect(fromOsloWallClock("2026-11-22T00:30")).toBe("2026-11-21T23:30:00.000Z");
    expect(fromOsloWallClock("2026-07-02T00:15")).toBe("2026-07-01T22:15:00.000Z");
    expect(fromOsloWallClock("2026-07-01T22:15:00.000Z")).toBe("2026-07-01T22:15:00.000Z");
    expect(fromOsloWallClock("")).toBe("");
  });
});
