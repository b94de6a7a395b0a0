import { describe, expect, it } from "vitest";
import { isEmailShape, isPhoneShape, normalizeEmail, welcomeText } from "./accounts";

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

  it("greets with the first 6 characters of the full name", () => {
    expect(welcomeText("Chinonso Okafor")).toBe("Welcome Chinon");
    expect(welcomeText("Ada")).toBe("Welcome Ada");
  });
});
