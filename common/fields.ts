import { z } from "zod";
import { messages } from "./messages";
import { hasNul } from "./text";

/**
 * A required text field as every form and call takes one: trimmed, not empty, at most `max`
 * characters, and without NUL (PostgreSQL cannot store it: refused here, not by the database with
 * a 500). The length is checked before anything else reads the value and stops the parse, so no
 * later pattern ever sees an over-long one.
 */
export function requiredText(message: string, max: number, tooLong = message) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, { error: tooLong, abort: true })
    .refine((s) => !hasNul(s), messages.textHasNul);
}
