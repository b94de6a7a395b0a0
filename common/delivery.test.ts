import { describe, expect, it } from "vitest";
import { deliveryInput } from "./delivery";
import { messages } from "./messages";

const good = {
  firstName: " Chinonso ",
  lastName: "Okafor",
  phone: "08031234567",
  confirmPhone: "08031234567",
  email: " Chi@Example.com ",
  address: "12 Allen Avenue",
  state: "Lagos",
  city: "Ikeja",
};

const problem = (input: object) => {
  const parsed = deliveryInput.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("delivery details (requirements §5.3)", () => {
  it("accepts a complete form, trims it, lower-cases the e-mail and drops confirmPhone", () => {
    expect(deliveryInput.parse(good)).toEqual({
      firstName: "Chinonso",
      lastName: "Okafor",
      phone: "08031234567",
      email: "chi@example.com",
      address: "12 Allen Avenue",
      state: "Lagos",
      city: "Ikeja",
    });
  });

  it("requires every field", () => {
    expect(problem({ ...good, address: "  " })).toBe(messages.fieldRequired("Delivery address"));
    const { city: _, ...noCity } = good;
    expect(problem(noCity)).toBe(messages.fieldRequired("City"));
  });

  it("says the words of requirements §5.3 for different phones and a bad e-mail", () => {
    expect(problem({ ...good, confirmPhone: "08031234568" })).toBe("Phone numbers does not match");
    expect(problem({ ...good, email: "chi@example" })).toBe("Please enter valid email");
  });

  it("takes only a state of Nigeria and one of its four cities", () => {
    expect(problem({ ...good, state: "Texas" })).toBe(messages.stateUnknown);
    expect(problem({ ...good, state: "FCT", city: "Ikeja" })).toBe(messages.cityNotInState);
    expect(problem({ ...good, state: "FCT", city: "Bwari" })).toBeNull();
  });
});
