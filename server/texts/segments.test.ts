import { describe, expect, it } from "vitest";
import { smsSize } from "./segments";

describe("smsSize", () => {
  it("fits 160 GSM characters in one SMS and 153 in each part after", () => {
    expect(smsSize("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsSize("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(smsSize("a".repeat(306)).segments).toBe(2);
    expect(smsSize("a".repeat(307)).segments).toBe(3);
  });

  it("counts an extended character ({, €) as two places", () => {
    expect(smsSize(`${"a".repeat(158)}{`)).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsSize(`${"a".repeat(159)}€`).segments).toBe(2);
  });

  it("sends the whole text as UCS-2 for one naira sign, 70 and 67 to a part", () => {
    expect(smsSize(`₦${"a".repeat(69)}`)).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(smsSize(`₦${"a".repeat(70)}`)).toEqual({ encoding: "UCS-2", units: 71, segments: 2 });
    expect(smsSize("😀".repeat(35)).units).toBe(70);
  });
});
