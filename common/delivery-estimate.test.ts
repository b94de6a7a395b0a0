import { describe, expect, it } from "vitest";
import {
  arrivalDay,
  arrivalDays,
  arrivesBy,
  businessDaysFor,
  DEFAULT_DELIVERY_SETTINGS,
  easterSunday,
  isBusinessDay,
  publicHolidays,
  zoneOf,
} from "./delivery-estimate";
import { shortLagosDay } from "./lagos-time";
import { STATE_NAMES } from "./nigeria";

/** An instant given in Lagos time (UTC+1). */
const lagos = (dateTime: string) => new Date(`${dateTime}+01:00`);

describe("zones and business days per state", () => {
  it("puts Lagos alone, the five South-West states together and the rest apart", () => {
    expect(zoneOf("Lagos")).toBe("lagos");
    for (const state of ["Ogun", "Oyo", "Osun", "Ondo", "Ekiti"]) expect(zoneOf(state)).toBe("south-west");
    for (const state of ["FCT", "Kano", "Rivers", "Edo", "Kwara"]) expect(zoneOf(state)).toBe("rest");
  });

  it("takes a state's own number over its zone's", () => {
    const settings = { ...DEFAULT_DELIVERY_SETTINGS, stateDays: { Kano: 7 } };
    expect(businessDaysFor(settings, "Kano")).toBe(7);
    expect(businessDaysFor(settings, "Sokoto")).toBe(5);
    expect(businessDaysFor(settings, "Lagos")).toBe(2);
    expect(businessDaysFor(settings, "Oyo")).toBe(3);
  });
});

describe("Nigerian public holidays", () => {
  it("finds Easter Sunday by the computus", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2008)).toBe("2008-03-23");
  });

  it("lists 2026's days off: fixed, Easter and lunar holidays, weekend ones on the next Monday", () => {
    expect(publicHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-03-20", // Eid al-Fitr, Friday
      "2026-03-23", // its second day, a Saturday: Monday
      "2026-04-03", // Good Friday
      "2026-04-06", // Easter Monday
      "2026-05-01",
      "2026-05-27",
      "2026-05-28",
      "2026-06-12",
      "2026-08-26",
      "2026-10-01",
      "2026-12-25",
      "2026-12-28", // Boxing Day, a Saturday: Monday
    ]);
  });

  it("moves a holiday on Saturday to Monday, and Christmas and Boxing Day on a weekend to Monday and Tuesday", () => {
    expect(publicHolidays(2027)).toContain("2027-06-14"); // Democracy Day, Saturday 12 June
    expect(publicHolidays(2027)).not.toContain("2027-06-12");
    expect(publicHolidays(2022)).toEqual(expect.arrayContaining(["2022-12-26", "2022-12-27"])); // Sunday and Monday
    expect(publicHolidays(2021)).toEqual(expect.arrayContaining(["2021-12-27", "2021-12-28"])); // Saturday and Sunday
    expect(isBusinessDay("2026-12-28")).toBe(false);
    expect(isBusinessDay("2026-12-29")).toBe(true);
  });
});

describe("the arrival day", () => {
  it("skips the weekend", () => {
    // Friday morning, two business days: Monday and Tuesday.
    expect(arrivalDay(lagos("2026-11-27T10:00"), 2)).toBe("2026-12-01");
    // Saturday and Sunday orders are taken up on Monday.
    expect(arrivalDay(lagos("2026-11-28T09:00"), 2)).toBe("2026-12-02");
    expect(arrivalDay(lagos("2026-11-29T09:00"), 2)).toBe("2026-12-02");
  });

  it("counts an order from 2 pm Lagos time from the next business day", () => {
    expect(arrivalDay(lagos("2026-11-26T13:59"), 2)).toBe("2026-11-30");
    expect(arrivalDay(lagos("2026-11-26T14:00"), 2)).toBe("2026-12-01");
  });

  it("counts Lagos days, not UTC days", () => {
    // Friday 23:30 UTC is Saturday 00:30 in Lagos: taken up on Monday, not on Friday.
    expect(arrivalDay(new Date("2026-11-27T23:30:00Z"), 1)).toBe("2026-12-01");
    // Friday 12:30 UTC is 13:30 in Lagos, before the cut-off.
    expect(arrivalDay(new Date("2026-11-27T12:30:00Z"), 1)).toBe("2026-11-30");
  });

  it("skips Good Friday and Easter Monday", () => {
    expect(arrivalDay(lagos("2026-04-02T10:00"), 2)).toBe("2026-04-08");
    // Placed on Good Friday: taken up on Tuesday.
    expect(arrivalDay(lagos("2026-04-03T10:00"), 1)).toBe("2026-04-08");
  });

  it("crosses the year end over Christmas, Boxing Day (moved to Monday) and New Year", () => {
    // Wed 23 Dec 2026, five business days: 24, 29, 30, 31 Dec and Mon 4 Jan.
    expect(arrivalDay(lagos("2026-12-23T10:00"), 5)).toBe("2027-01-04");
  });

  it("skips the days the shop closes", () => {
    expect(arrivalDay(lagos("2026-11-26T10:00"), 2, ["2026-11-27"])).toBe("2026-12-01");
    expect(arrivalDay(lagos("2026-11-26T10:00"), 2, ["2026-11-26"])).toBe("2026-12-01");
  });

  it("gives every state of the form its day", () => {
    const days = arrivalDays({ ...DEFAULT_DELIVERY_SETTINGS, stateDays: { Kano: 10 } }, lagos("2026-11-27T10:00"));
    expect(Object.keys(days)).toEqual(STATE_NAMES);
    expect(days.Lagos).toBe("2026-12-01");
    expect(days.Ogun).toBe("2026-12-02");
    expect(days.FCT).toBe("2026-12-04");
    expect(days.Kano).toBe("2026-12-11");
  });
});

describe("the words", () => {
  it('says "Arrives by Fri 27 Nov"', () => {
    expect(shortLagosDay("2026-11-27")).toBe("Fri 27 Nov");
    expect(shortLagosDay("2027-01-04")).toBe("Mon 4 Jan");
    expect(arrivesBy("2026-11-27")).toBe("Arrives by Fri 27 Nov");
  });
});
