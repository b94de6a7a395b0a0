import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/productdetail.$productId.stock-alert";
import { parseProductId } from "~/common/ids";
import { MESSAGE_CHANNEL_WORDS, type MessageChannel } from "~/common/message-channels";
import { messages } from "~/common/messages";
import { hasNul } from "~/common/text";
import { offlineLoader, type FormResult } from "../forms";
import { currentAccount } from "../sessions.server";
import { openStockAlert, stockAlertChannels, subscribeStockAlert } from "~/app/services.server";

// "Tell me when it's back" on a sold-out size (issue 29, decision 0062). The product page is the
// same for every shopper (the catalogue cache keeps it), so the button asks here, when pressed,
// how this shopper can be told, and sends the choice here. Data only: no page of its own.

/** What the button's dialog offers: a visitor is asked to sign in; a customer chooses a channel. */
export type StockAlertState =
  | { state: "visitor" }
  | { state: "customer"; channels: MessageChannel[]; open: MessageChannel | null }
  /** Asked while the network dropped (offlineLoader). */
  | { state: "offline" };

const personal = { "Cache-Control": "private, no-store" };
/** No size of the shop is this long (the admin's size field takes 40 characters). */
const SIZE_MAX = 100;
const alertInput = z.object({
  size: z
    .string()
    .max(SIZE_MAX)
    .refine((s) => !hasNul(s)),
  channel: z.enum(["email", "sms", "whatsapp"]),
});

const textChannelsOf = (context: Route.LoaderArgs["context"]) => ({
  publicUrl: context.config.publicUrl,
  textChannels: context.checkout.textChannels ?? [],
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = parseProductId(params.productId);
  if (productId === undefined) throw data(messages.productNotFound, { status: 404 });
  const account = await currentAccount(request, context, "customer");
  if (!account) return data<StockAlertState>({ state: "visitor" }, { headers: personal });
  const size = (new URL(request.url).searchParams.get("size") ?? "").slice(0, SIZE_MAX);
  const [channels, open] = await Promise.all([
    stockAlertChannels(context.db, textChannelsOf(context), account.id),
    openStockAlert(context.db, account.id, productId, size),
  ]);
  return data<StockAlertState>({ state: "customer", channels, open }, { headers: personal });
}

/** A dropped connection while the dialog asks: it says so, not the product page's error (issue 30). */
export const clientLoader = offlineLoader;

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = parseProductId(params.productId);
  if (productId === undefined) return data<FormResult>({ status: "error", message: messages.productNotFound }, { status: 404 });
  const account = await currentAccount(request, context, "customer");
  if (!account) return data<FormResult>({ status: "error", message: messages.stockAlertLogin }, { status: 401 });
  const form = await request.formData();
  const input = alertInput.safeParse({ size: form.get("size") ?? "", channel: form.get("channel") });
  if (!input.success) return data<FormResult>({ status: "error", message: messages.stockAlertChannelUnavailable }, { status: 400 });
  const outcome = await subscribeStockAlert(context.db, textChannelsOf(context), account.id, { productId, ...input.data });
  if (!outcome.ok) {
    const status = { "unknown-product": 404, "in-stock": 409, channel: 400 }[outcome.reason];
    return data<FormResult>({ status: "error", message: outcome.message }, { status });
  }
  return data<FormResult>({ status: "done", message: messages.stockAlertSaved(outcome.product, MESSAGE_CHANNEL_WORDS[outcome.channel]) });
}
