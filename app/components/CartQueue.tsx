import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { storefrontMessages } from "~/common/storefront-messages";
import { dropQueuedChange, queuedCartChanges, type QueuedChange } from "../cart-queue";
import type { FormResult } from "../forms";
import { useToast } from "./Toast";
import { useOffline } from "./Offline";

/** After a send that got no answer, the next try waits this long, doubling up to a minute. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

/**
 * Tells the customer a cart change was kept offline ('Saved — will send when you're back
 * online.'), sends the kept changes (app/cart-queue.ts) once the connection is back, one at a time
 * and each with its id, so one the shop already has counts once, then says the cart is up to date:
 * one toast for all of it, so its messages never lie on top of each other. Only the changes of the
 * customer signed in now are sent; another customer's are dropped (logging out forgets them).
 */
export function CartQueue({ welcome }: { welcome: string | null }) {
  const fetcher = useFetcher<FormResult>();
  const offline = useOffline();
  const { show, element } = useToast();
  const [kept, setKept] = useState<QueuedChange[]>([]);
  /** The change being sent, and whether its request has been seen on its way (its answer is the next one). */
  const sending = useRef<{ id: string; started: boolean } | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const retryMs = useRef(FIRST_RETRY_MS);

  // The header's greeting is who a change kept now belongs to (queueCartChange reads it).
  useEffect(() => {
    if (welcome) document.documentElement.dataset.customer = welcome;
  }, [welcome]);

  useEffect(() => {
    let count = queuedCartChanges().length;
    const read = () => {
      const now = queuedCartChanges();
      if (now.length > count) show(storefrontMessages.cartSavedOffline, 4000, "info");
      count = now.length;
      setKept(now);
    };
    read();
    window.addEventListener("cart-queue", read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener("cart-queue", read);
      window.removeEventListener("storage", read);
    };
  }, [show]);

  // Back online: try at once.
  useEffect(() => {
    if (!offline) setWaitUntil(0);
  }, [offline]);
  useEffect(() => {
    if (waitUntil === 0) return;
    const timer = setTimeout(() => setWaitUntil(0), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  // One change at a time, while online and signed in as the customer who made it.
  useEffect(() => {
    if (!welcome || offline || waitUntil !== 0 || sending.current || fetcher.state !== "idle") return;
    const other = kept.find((change) => change.who !== welcome);
    if (other) return dropQueuedChange(other.fields.requestId);
    const [next] = kept;
    if (!next) return;
    sending.current = { id: next.fields.requestId, started: false };
    void fetcher.submit({ ...next.fields, queued: "1" }, { method: "post", action: "/cartpage" });
  }, [welcome, offline, waitUntil, fetcher, kept]);

  useEffect(() => {
    const current = sending.current;
    if (!current) return;
    if (fetcher.state !== "idle") {
      current.started = true;
      return;
    }
    // Idle before the request was seen leaving: the data is the last change's answer.
    if (!current.started || !fetcher.data) return;
    sending.current = null;
    const answer = fetcher.data;
    if (answer.status === "queued") {
      // No answer again (a signal that comes and goes): wait before the next try.
      setWaitUntil(Date.now() + retryMs.current);
      retryMs.current = Math.min(retryMs.current * 2, LAST_RETRY_MS);
      return;
    }
    retryMs.current = FIRST_RETRY_MS;
    // Signed out meanwhile (an expired session): kept for when they sign in again.
    if (answer.status === "login") return;
    dropQueuedChange(current.id);
    if (answer.status === "error") show(answer.message, 4000, "warning");
    else if (queuedCartChanges().length === 0) show(storefrontMessages.cartSentOnline, 3000, "success");
  }, [fetcher.state, fetcher.data, show]);

  return element;
}
