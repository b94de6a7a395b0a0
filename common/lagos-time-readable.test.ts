import { describe, expect, it } from "vitest";
import { lagosDateTime, readableLagosClock, readableLagosDate, readableLagosTime } from "./lagos-time";

describe("readableLagosTime", () => {
  it("writes an instant in Lagos time (UTC+1) as a shopper reads it", () => {
    expect(readableLagosTime(new Date("2026-11-23T19:41:37Z"))).toBe("23 Nov 2026, 8:41 pm");
    expect(readableLagosTime(new Date("2026-06-01T11:00:00Z"))).toBe("1 Jun 2026, 12:00 pm");
    expect(readableLagosTime(new Date("2026-09-03T23:05:00Z"))).toBe("4 Sep 2026, 12:05 am");
    // The last UTC hour of the year is already next year in Lagos.
    expect(readableLagosTime(new Date("2026-12-31T23:30:00Z"))).toBe("1 Jan 2027, 12:30 am");
    expect(readableLagosTime(new Date("2027-01-01T10:59:59Z"))).toBe("1 Jan 2027, 11:59 am");
  });

  it("reads the machine form the API and exports carry ('YYYY-MM-DD HH:MM:SS', Lagos)", () => {
    expect(readableLagosTime("2026-11-23 20:41:37")).toBe("23 Nov 2026, 8:41 pm");
    expect(readableLagosTime("2026-11-23 00:41")).toBe("23 Nov 2026, 12:41 am");
    expect(readableLagosTime(lagosDateTime(new Date("2026-02-28T23:00:00Z")))).toBe("1 Mar 2026, 12:00 am");
  });

  it("leaves any other text as it is rather than guess its time zone", () => {
    expect(readableLagosTime("2026-11-23T19:41:37.000Z")).toBe("2026-11-23T19:41:37.000Z");
    expect(readableLagosTime("soon")).toBe("soon");
    expect(readableLagosDate("2026-02-30")).toBe("2026-02-30");
  });

  it("gives days and times of day in the same words", () => {
    expect(readableLagosDate("2026-11-03")).toBe("3 Nov 2026");
    expect(readableLagosClock(new Date("2026-11-23T11:05:00Z"))).toBe("12:05 pm");
  });

  it("says what Intl says for Africa/Lagos, whatever this process's own time zone", () => {
    // Intl's en-GB writes September "Sept" (CLDR 38 and later) and is the reference otherwise:
    // the hand-written form must not drift from what people are used to reading.
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Lagos",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hourCycle: "h12",
    });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 2); t += 7 * 3_600_000 + 13 * 60_000) {
      const instant = new Date(t);
      expect(readableLagosTime(instant)).toBe(intl.format(instant).replace("Sept", "Sep").replace(/\s/gu, " "));
    }
  });
});
