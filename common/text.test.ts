import { describe, expect, it } from "vitest";
import { truncate } from "./text";

describe("truncate", () => {
  it("cuts names to 13 characters plus an ellipsis", () => {
    expect(truncate("Mouka Foam Orthopaedic Mattress", 13)).toBe("Mouka Foam Or...");
  });

  it("leaves names that fit alone", () => {
    expect(truncate("Baby Pillow", 13)).toBe("Baby Pillow");
    expect(truncate("Thirteen char", 13)).toBe("Thirteen char");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(truncate("₦₦₦₦₦₦₦₦₦₦₦₦₦₦", 13)).toBe("₦₦₦₦₦₦₦₦₦₦₦₦₦...");
    expect(truncate("😀".repeat(14), 13)).toBe(`${"😀".repeat(13)}...`);
  });
});
