import { describe, expect, it } from "vitest";
import { isEmailShape, isPhoneShape, normalizeEmail, PHONE_MAX_LENGTH, welcomeText } from "./accounts";

describe("account rules", () => {
  it("lower-cases and trims e-mails", () => {
    expect(normalizeEmail("  Ada.Obi@Example.COM ")).toBe("ada.obi@example.com");
  });

  it("accepts the basic e-mail shape and nothing less", () => {
    expect(isEmailShape("ada@example.com")).toBe(true);
    for (const bad of ["", "ada", "ada@", "ada@example", "@example.com", "ada @example.com", "ada@exa mple.com"]) {
      expect(isEmailShape(bad), bad).toBe(false);
    }
  });

  it("accepts phone numbers a courier can dial", () => {
    expect(isPhoneShape("2348012345678")).toBe(true);
    expect(isPhoneShape("+234 801 234 5678")).toBe(true);
    expect(isPhoneShape("0801-234-5678")).toBe(true);
    for (const bad of ["", "12345", "call me", "2348012345678901234", "080<script>"]) expect(isPhoneShape(bad), bad).toBe(false);
  });

  it("refuses a phone number longer than any form takes before a pattern reads it", () => {
    expect(isPhoneShape(`080 1234 5678${" ".repeat(PHONE_MAX_LENGTH)}`)).toBe(false);
  });

  it("greets with the first 6 characters of the full name", () => {
    expect(welcomeText("Chinonso Okafor")).toBe("Welcome Chinon");
    expect(welcomeText("Ada")).toBe("Welcome Ada");
  });
});

// The e-mail shape of requirements §5.2 (issue 15): the same answers as the basic pattern
// something@something.something, but in linear time, so no address can hold the process.

describe("isEmailShape", () => {
  it("takes something@something.something without spaces", () => {
    for (const ok of ["a@b.c", "ada.obi@mail.example.ng", "x@y..z", "a+tag@sub.domain.ng"]) expect(isEmailShape(ok), ok).toBe(true);
    for (const bad of ["", "a@b", "@b.c", "a@.c", "a@b.", "a@@b.c", "a@b@c.d", "a b@c.d", "a@b .c", "a@b.c\n", `${"a".repeat(250)}@b.cd`]) {
      expect(isEmailShape(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("answers at once for the inputs that made the old pattern backtrack for seconds", () => {
    const attacks = [`a@${".".repeat(99_000)}@`, `a@${"a.".repeat(70_000)}`, `${"a".repeat(140_000)}@`, `a@${"b".repeat(100_000)}. `];
    const started = performance.now();
    for (const attack of attacks) expect(isEmailShape(attack)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
