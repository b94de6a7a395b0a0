// Reading /metrics in tests: a scrape, and one sample of Prometheus' text format.

export async function scrape(baseUrl: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/metrics`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** A sample's value (`name{labels} value`, its labels in any order, these among them); undefined when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/\b(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** A counter's value, 0 before its first count. */
export const valueOf = (text: string, name: string, labels: Record<string, string> = {}) => sample(text, name, labels) ?? 0;
