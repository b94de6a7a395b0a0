// Cart changes made offline (issue 30, decision 0065). Each change carries an id from the page
// (requestId), which the shop honours: sent twice, it counts once. A change that cannot reach the
// shop is kept in the phone's storage, and the page sends it when the connection returns
// (app/components/CartQueue.tsx). Only cart changes are kept: never Pay Now, never a form that
// spends or holds money.

const STORAGE_KEY = "foam-shop:cart-queue";
/** The cart changes that may be kept offline. */
export const QUEUEABLE = ["add", "increase", "decrease", "remove"];
/** The fields of a change that are kept: what the cart's action reads. */
const FIELDS = ["intent", "productId", "size", "lineId", "requestId"];

export type QueuedChange = Record<string, string>;

/** A new id for a cart change (a UUID where the browser has one; random hex otherwise). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function queuedCartChanges(): QueuedChange[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(kept) ? (kept as QueuedChange[]) : [];
  } catch {
    return [];
  }
}

function keep(changes: QueuedChange[]): void {
  if (changes.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(changes));
  else localStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event("cart-queue"));
}

/** Keeps a change to send later (a form, or its fields); one with the same id is kept once. */
export function queueCartChange(form: FormData | Record<string, string>): void {
  const get = (field: string) => (form instanceof FormData ? form.get(field) : form[field]);
  const change = Object.fromEntries(FIELDS.flatMap((field) => (get(field) == null ? [] : [[field, String(get(field))]])));
  const kept = queuedCartChanges();
  if (!kept.some((c) => c.requestId === change.requestId)) keep([...kept, change]);
}

export function dropQueuedChange(requestId: string): void {
  keep(queuedCartChanges().filter((c) => c.requestId !== requestId));
}

/** Forgets every kept change (signed out: they were the customer's). */
export function clearCartQueue(): void {
  if (queuedCartChanges().length) keep([]);
}
