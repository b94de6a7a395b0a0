import { describe, expect, it } from "vitest";
import { NIGERIAN_STATES, STATE_NAMES, citiesOf, isStateCity } from "./nigeria";

describe("Nigerian states and cities", () => {
  it("lists the 36 states and the FCT, alphabetically", () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(STATE_NAMES).toHaveLength(37);
    expect(new Set(STATE_NAMES).size).toBe(37);
    expect(STATE_NAMES.filter((n) => n !== "FCT")).toHaveLength(36);
    expect(STATE_NAMES).toContain("FCT");
    expect(STATE_NAMES).toEqual(NIGERIAN_STATES.map((s) => s.name));
    expect([...STATE_NAMES].sort()).toEqual(STATE_NAMES);
  });

  it("gives every state exactly four distinct cities", () => {
    for (const state of NIGERIAN_STATES) {
      expect(state.cities, state.name).toHaveLength(4);
      expect(new Set(state.cities).size, state.name).toBe(4);
    }
  });

  it("keeps the Lagos and FCT lists of requirements §3.14", () => {
    expect(citiesOf("Lagos")).toEqual(["Ikeja", "Lagos Island", "Epe", "Badagry"]);
    expect(citiesOf("FCT")).toEqual(["Abuja", "Gwagwalada", "Kuje", "Bwari"]);
  });

  it("returns no cities for an unknown state", () => {
    expect(citiesOf("Atlantis")).toEqual([]);
    expect(citiesOf("")).toEqual([]);
    expect(citiesOf("lagos")).toEqual([]);
  });

  it("checks that a city belongs to the state", () => {
    expect(isStateCity("Lagos", "Ikeja")).toBe(true);
    expect(isStateCity("FCT", "Bwari")).toBe(true);
    expect(isStateCity("Oyo", "Ibadan")).toBe(true);
    expect(isStateCity("Lagos", "Abuja")).toBe(false);
    expect(isStateCity("FCT", "Ikeja")).toBe(false);
    expect(isStateCity("Lagos", "ikeja")).toBe(false);
    expect(isStateCity("lagos", "Ikeja")).toBe(false);
    expect(isStateCity("Atlantis", "Ikeja")).toBe(false);
    expect(isStateCity("Lagos", "")).toBe(false);
  });
});
