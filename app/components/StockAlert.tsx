import { useEffect, useId, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "../forms";
import type { loader as rootLoader } from "../root";
import { MESSAGE_CHANNEL_LABELS, MESSAGE_CHANNEL_WORDS, type MessageChannel } from "~/common/message-channels";
import type { StockAlertState } from "../routes/productdetail.$productId.stock-alert";
import { buttonStyles, Dialog, LoginActions } from "./Dialog";
import { BellIcon } from "./icons";
import { storefrontMessages } from "~/common/storefront-messages";

/**
 * "Tell me when it's back" on a sold-out size (issue 29): a visitor is asked to sign in; a customer
 * chooses how to be told, from the channels the shop can reach them on (asked when pressed: the
 * page itself is the same for every shopper).
 */
export function StockAlert({ productId, size }: { productId: number; size: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const about = useFetcher<StockAlertState>();
  const send = useFetcher<FormResult>();
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<MessageChannel>("email");
  const [result, setResult] = useState<FormResult | null>(null);
  const groupId = useId();
  const path = `/productdetail/${productId}/stock-alert`;
  const state = about.data;

  useEffect(() => {
    if (state?.state === "customer") setChannel(state.open ?? "email");
    if (state?.state === "offline") setResult({ status: "error", message: storefrontMessages.offlineTryLater });
  }, [state]);
  useEffect(() => {
    if (send.state === "idle" && send.data) setResult(send.data);
  }, [send.state, send.data]);

  const press = () => {
    setOpen(true);
    // Offline (a page the service worker kept): nothing can be asked or sent until the network is back.
    if (!navigator.onLine) return setResult({ status: "error", message: storefrontMessages.offlineTryLater });
    setResult(null);
    if (root?.welcome) void about.load(`${path}?${new URLSearchParams({ size })}`);
  };
  const close = () => setOpen(false);
  const visitor = result?.status !== "error" && (!root?.welcome || state?.state === "visitor");
  const done = result?.status === "done";

  return (
    <>
      <button type="button" className={`${buttonStyles.secondary} w-full sm:w-auto`} onClick={press}>
        <BellIcon className="h-5 w-5" /> {messages.stockAlertButton}
      </button>
      <Dialog
        open={open}
        title={messages.stockAlertButton}
        tone={done ? "success" : "info"}
        onClose={close}
        actions={
          visitor ? (
            <LoginActions onCancel={close} />
          ) : result ? (
            <button type="button" className={buttonStyles.primary} onClick={close}>
              OK
            </button>
          ) : (
            <>
              <button type="submit" form={groupId} className={buttonStyles.primary} disabled={state?.state !== "customer" || send.state !== "idle"}>
                {send.state !== "idle" ? "Saving..." : "Tell me"}
              </button>
              <button type="button" className={buttonStyles.secondary} onClick={close}>
                Cancel
              </button>
            </>
          )
        }
      >
        {visitor ? (
          <p>{messages.stockAlertLogin}</p>
        ) : result ? (
          <p role="status" className={done ? "text-emerald-800" : "text-red-700"}>
            {result.status === "done" || result.status === "error" ? result.message : null}
          </p>
        ) : state?.state === "customer" ? (
          <send.Form id={groupId} method="post" action={path} className="text-left">
            <input type="hidden" name="size" value={size} />
            {state.open ? <p className="mb-3 text-sm">{messages.stockAlertAlreadyOn(MESSAGE_CHANNEL_WORDS[state.open])}</p> : null}
            <fieldset>
              <legend className="mb-2 font-medium text-slate-800">How should we tell you?</legend>
              <div className="grid gap-2">
                {state.channels.map((c) => (
                  <label key={c} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3">
                    <input
                      type="radio"
                      name="channel"
                      value={c}
                      checked={channel === c}
                      onChange={() => setChannel(c)}
                      className="h-4 w-4 accent-brand-700"
                    />
                    {MESSAGE_CHANNEL_LABELS[c]}
                  </label>
                ))}
              </div>
            </fieldset>
          </send.Form>
        ) : (
          <p role="status">Loading...</p>
        )}
      </Dialog>
    </>
  );
}
