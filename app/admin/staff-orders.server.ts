import { data, type AppLoadContext } from "react-router";
import { asc, eq, and, isNull } from "drizzle-orm";
import { formatNaira } from "~/common/money";
import { lineName } from "~/common/featured";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { firstProblem } from "~/server/accounts/input";
import { createStaffOrder, getPaymentLinkHours, reservedEmail, staffOrderInput, STAFF_ORDER_LINES_MAX } from "~/server/checkout/staff-orders";
import { getPayOnDeliverySettings } from "~/server/checkout/pay-on-delivery";
import { products, productVariants } from "~/server/db/schema";
import type { FormResult } from "../forms";

// Take an order (issue 28, decision 0061): staff choose products at catalogue prices for a
// customer on the phone, then send a payment link or place it to pay on delivery.

export const STAFF_ORDER_FORM = "staff-order";
export const LINE_ROWS = 5;

export async function staffOrderPanelData(context: AppLoadContext) {
  const variants = await context.db
    .select({ variantId: productVariants.id, name: products.name, size: productVariants.size, priceKobo: productVariants.priceKobo })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(products.archivedAt), isNull(productVariants.archivedAt), eq(products.hidden, false)))
    .orderBy(asc(products.name), asc(productVariants.priceKobo));
  const pod = await getPayOnDeliverySettings(context.db);
  return {
    variants: variants.map((v) => ({ value: v.variantId, label: `${lineName(v.name, v.size)} (${formatNaira(v.priceKobo)})` })),
    payOnDelivery: pod.on,
    linkHours: await getPaymentLinkHours(context.db),
    textChannels: context.checkout.textChannels ?? [],
    rows: LINE_ROWS,
  };
}

export type StaffOrderAnswer = FormResult & { link?: string | null };

/** The form read into the service's input: every field checked there; a refusal changes nothing. */
export async function staffOrderAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  const answer = (value: StaffOrderAnswer, status = 200) => data<StaffOrderAnswer>(value, { status });
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const lines = [];
  for (let i = 1; i <= Math.min(LINE_ROWS, STAFF_ORDER_LINES_MAX); i++) {
    const variant = text(`variant${i}`);
    if (!variant) continue;
    lines.push({ variantId: Number(variant), quantity: Number(text(`quantity${i}`) || "1") });
  }
  const email = text("email").trim().toLowerCase();
  const phone = text("phone");
  const parsed = staffOrderInput.safeParse({
    customer: { fullName: `${text("firstName").trim()} ${text("lastName").trim()}`.trim(), email },
    lines,
    delivery: {
      firstName: text("firstName"),
      lastName: text("lastName"),
      phone,
      confirmPhone: phone,
      // A customer with no e-mail: the reserved address (createStaffOrder sets it on the order).
      email: email || reservedEmail(phone),
      address: text("address"),
      state: text("state"),
      city: text("city"),
    },
    payment: text("payment"),
    send: form.getAll("send").map(String),
    code: text("code"),
  });
  if (!parsed.success) return answer({ status: "error", message: firstProblem(parsed.error), form: STAFF_ORDER_FORM }, 400);
  const created = await createStaffOrder(context.checkout, account.id, parsed.data);
  if (!created.ok) return answer({ status: "error", message: created.message, form: STAFF_ORDER_FORM });
  const how = created.link
    ? created.sent.length
      ? `The payment link went by ${created.sent.join(", ")}.`
      : "Give the customer the payment link below."
    : "";
  return answer({
    status: "done",
    message: created.link
      ? `Order ${created.orderRef} is waiting for its payment. ${how}`
      : `Order ${created.orderRef} is placed, to pay on delivery.`,
    form: STAFF_ORDER_FORM,
    link: created.link,
  });
}
