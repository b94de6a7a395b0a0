import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEXT_KINDS, whatsappTemplateBody, whatsappTemplateName, type TextKind } from "./templates";

// The README lists the WhatsApp templates an owner submits for approval; Meta sends only a
// template whose body is exactly the approved one, so the list must be what the shop sends.

describe("the README's WhatsApp templates", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const rows = [...readme.matchAll(/^\| `([a-z_]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]);

  it("are the shop's, each with the body it fills", () => {
    const wanted = (Object.keys(TEXT_KINDS) as TextKind[]).map((kind) => [whatsappTemplateName(kind), whatsappTemplateBody(kind)]);
    expect(rows.filter(([name]) => wanted.some(([n]) => n === name))).toEqual(wanted);
  });
});
