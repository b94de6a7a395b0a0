import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { storefrontMessages } from "~/common/storefront-messages";
import { clearCartQueue, dropQueuedChange, queuedCartChanges, type QueuedChange } from "../cart-queue";
import type { FormResult } from "../forms";
import { useToast } from "./Toast";
import { useOffline } from "./Offline";

/**
 * Tells the customer a cart change was kept offline ('Saved — will send when you're back
 * online.'), sends the kept changes (app/cart-queue.ts) once the connection is back, one at a time
 * and each with its id, so one the shop already has counts once, then says the cart is up to date:
 * one toast for all of it, so its messages never lie on top of each other. Signed out, the kept
 * changes are forgotten: they were the customer's.
 */
export function CartQueue({ signedIn }: { signedIn: boolean }) {
  const fetcher = useFetcher<FormResult>();
  const offline = useOffline();
  const { show, element } = useToast();
  const [kept, setKept] = useState<QueuedChange[]>([]);
  const [sending, setSending] = useState<string | null>(null);

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
  useEffect(() => {
    if (!signedIn) clearCartQueue();
  }, [signedIn]);

  // One change at a time, while online.
  useEffect(() => {
    if (!signedIn || offline || sending || fetcher.state !== "idle" || kept.length === 0) return;
    const [next] = kept;
    setSending(next.requestId);
    void fetcher.submit({ ...next, queued: "1" }, { method: "post", action: "/cartpage" });
  }, [signedIn, offline, sending, fetcher, kept]);

  // Answered: done or refused, the change leaves the queue; no answer (offline again), it stays.
  useEffect(() => {
    if (!sending || fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    setSending(null);
    if (answer.status === "queued") return;
    dropQueuedChange(sending);
    if (answer.status === "error") show(answer.message, 4000, "warning");
    else if (queuedCartChanges().length === 0) show(storefrontMessages.cartSentOnline, 3000, "success");
  }, [sending, fetcher.state, fetcher.data, show]);

  return element;
}
