/**
 * Whether text holds U+0000 (NUL). PostgreSQL text cannot store it (the query fails, a 500), and
 * no person types it, so every text field that reaches the database refuses it.
 */
export function hasNul(text: string): boolean {
  return text.includes("\u0000");
}

/** Cuts a name to `max` characters and adds "..." — only when something was cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}
