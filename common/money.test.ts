import { describe, expect, it } from "vitest";
import { formatNaira, formatNairaTotal, koboToNaira, NAIRA_INPUT_PATTERN, nairaText, nairaToKobo } from "./money";

describe("naira formatting", () => {
  it("shows whole-naira prices with the sign and thousands separators", () => {
    expect(formatNaira(nairaToKobo(91_000))).toBe("₦91,000");
    expect(formatNaira(nairaToKobo(505_000))).toBe("₦505,000");
    expect(formatNaira(nairaToKobo(1_386_000))).toBe("₦1,386,000");
    expect(formatNaira(nairaToKobo(950))).toBe("₦950");
    expect(formatNaira(0)).toBe("₦0");
  });

  it("groups numbers of every length in threes from the right", () => {
    for (let digits = 1; digits <= 13; digits++) {
      const naira = Number("9876543210987654".slice(0, digits));
      expect(formatNaira(nairaToKobo(naira))).toBe(`₦${naira.toLocaleString("en-US")}`);
    }
  });

  it("keeps kobo when a price has them", () => {
    expect(formatNaira(9_100_050)).toBe("₦91,000.50");
  });

  it("shows totals with two decimals", () => {
    expect(formatNairaTotal(nairaToKobo(211_000))).toBe("₦211,000.00");
    expect(formatNairaTotal(123_456_789)).toBe("₦1,234,567.89");
  });

  it("converts between naira and kobo without float drift", () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(9_100_000)).toBe(91_000);
  });
});

describe("prices as staff type them", () => {
  const whole = new RegExp(`^(?:${NAIRA_INPUT_PATTERN})$`, "v");
  it("reads thousands commas and a ₦ or NGN in front", () => {
    for (const [typed, plain] of [
      ["45000", "45000"],
      ["45,000", "45000"],
      ["₦45,000", "45000"],
      ["NGN 1,234,567.5", "1234567.5"],
      ["45,00", "45,00"],
      ["abc", "abc"],
    ]) {
      expect(nairaText(typed)).toBe(plain);
    }
  });

  it("lets the browser send what the server reads, and stop the rest", () => {
    for (const ok of ["45000", "45,000", "₦45,000", "₦ 45,000.50", "NGN 45000", "4999.5"]) expect(whole.test(ok), ok).toBe(true);
    for (const bad of ["45,00", "4,5000", "45.000,00", "1e3", "12.345", "abc", "-5"]) expect(whole.test(bad), bad).toBe(false);
  });
});
