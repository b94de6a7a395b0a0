// Cart changes made offline (issue 30, decision 0065). Each change carries an id from the page
// (requestId), which the shop honours: sent twice, it counts once. A change that cannot reach the
// shop is kept in the phone's storage with the name of the customer who made it, and the page
// sends it when the connection returns (app/components/CartQueue.tsx). Only cart changes are kept:
// never Pay Now, never a form that spends or holds money.

const STORAGE_KEY = "foam-shop:cart-queue";
/** The cart changes that may be kept offline. */
export const QUEUEABLE = ["add", "increase", "decrease", "remove"];
/** The fields of a change that are kept: what the cart's action reads. */
const FIELDS = ["intent", "productId", "size", "lineId", "requestId"];
/** A kept change older than this is dropped: the shop remembers a change's id for 7 days. */
const KEPT_MS = 6 * 24 * 60 * 60_000;

export interface QueuedChange {
  /** The form's fields, as the cart's action reads them. */
  fields: Record<string, string>;
  /** Who made it: the header's greeting of the customer signed in then. */
  who: string;
  /** When it was made (ms since the epoch). */
  at: number;
}

/** A new id for a cart change (a UUID where the browser has one; random hex otherwise). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const isChange = (value: unknown): value is QueuedChange =>
  typeof value === "object" && value !== null && "fields" in value && "who" in value && typeof (value as QueuedChange).at === "number";

/** The kept changes, oldest first; those too old to send are left out. */
export function queuedCartChanges(now = Date.now()): QueuedChange[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(kept) ? kept.filter(isChange).filter((change) => now - change.at < KEPT_MS) : [];
  } catch {
    return [];
  }
}

function keep(changes: QueuedChange[]): void {
  if (changes.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(changes));
  else localStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event("cart-queue"));
}

/** The greeting of the customer signed in, as the page's header shows it; '' for none. */
export const whoIsIn = () => document.documentElement.dataset.customer ?? "";

/** Keeps a change to send later (a form, or its fields); one with the same id is kept once. */
export function queueCartChange(form: FormData | Record<string, string>): void {
  const get = (field: string) => (form instanceof FormData ? form.get(field) : form[field]);
  const fields = Object.fromEntries(FIELDS.flatMap((field) => (get(field) == null ? [] : [[field, String(get(field))]])));
  const kept = queuedCartChanges();
  if (!kept.some((c) => c.fields.requestId === fields.requestId)) keep([...kept, { fields, who: whoIsIn(), at: Date.now() }]);
}

export function dropQueuedChange(requestId: string): void {
  keep(queuedCartChanges().filter((c) => c.fields.requestId !== requestId));
}

/** Forgets every kept change: the customer logged out, and they were theirs. */
export function clearCartQueue(): void {
  localStorage.removeItem(STORAGE_KEY);
}
