import { useState } from "react";
import { Form } from "react-router";
import type { staffOrderPanelData, StaffOrderAnswer } from "~/app/admin/staff-orders.server";
import { PHONE_PLACEHOLDER } from "~/common/accounts";
import { citiesOf, STATE_NAMES } from "~/common/nigeria";
import { FormMessage, inputStyle, RadioOption, SubmitButton } from "../account/fields";

type Data = Awaited<ReturnType<typeof staffOrderPanelData>>;

function Field({ name, label, ...input }: { name: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={`so-${name}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={`so-${name}`} name={name} className={inputStyle} {...input} />
    </div>
  );
}

/**
 * Take an order (issue 28): the customer (found by e-mail, or made with no password), the products
 * at catalogue prices, the delivery, and how it is paid: a link sent by SMS, WhatsApp or e-mail,
 * or on delivery.
 */
export function TakeAnOrder({ data, result }: { data: Data; result: StaffOrderAnswer | undefined }) {
  const [state, setState] = useState("Lagos");
  const [payment, setPayment] = useState<"link" | "pay_on_delivery">("link");
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Take an order</h2>
      <p className="mt-1 text-sm text-slate-600">
        For a customer on the phone or WhatsApp. Prices are the catalogue's; the stock is held until the link expires ({data.linkHours} hours).
      </p>
      {result && "message" in result ? (
        <div className="mt-4 grid gap-2">
          <FormMessage tone={result.status === "error" ? "error" : "success"}>{result.message}</FormMessage>
          {result.link ? (
            <p className="break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm ring-1 ring-slate-200" data-testid="payment-link">
              {result.link}
            </p>
          ) : null}
        </div>
      ) : null}
      {/* Empty again once an order is taken: the next call is another customer. */}
      <Form method="post" key={result?.status === "done" ? result.message : "form"} className="mt-5 grid gap-6">
        <input type="hidden" name="intent" value="staff-order" />
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-slate-900">Customer and delivery</legend>
          <Field name="firstName" label="First name" required maxLength={100} autoComplete="off" />
          <Field name="lastName" label="Last name" required maxLength={100} autoComplete="off" />
          <Field
            name="phone"
            label="Phone number"
            type="tel"
            inputMode="tel"
            required
            maxLength={30}
            placeholder={PHONE_PLACEHOLDER}
            autoComplete="off"
          />
          <Field name="email" label="E-mail (leave empty if they have none)" type="email" maxLength={254} autoComplete="off" />
          <div className="sm:col-span-2">
            <Field name="address" label="Delivery address" required maxLength={200} autoComplete="off" />
          </div>
          <div>
            <label htmlFor="so-state" className="block text-sm font-medium text-slate-700">
              State
            </label>
            <select id="so-state" name="state" value={state} onChange={(e) => setState(e.target.value)} className={inputStyle}>
              {STATE_NAMES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="so-city" className="block text-sm font-medium text-slate-700">
              City
            </label>
            <select id="so-city" name="city" key={state} className={inputStyle}>
              {citiesOf(state).map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-semibold text-slate-900">Products</legend>
          {Array.from({ length: data.rows }, (_, i) => i + 1).map((row) => (
            <div key={row} className="grid grid-cols-[minmax(0,1fr)_5rem] gap-2">
              <div>
                <label htmlFor={`so-variant${row}`} className="sr-only">
                  Product {row}
                </label>
                <select id={`so-variant${row}`} name={`variant${row}`} defaultValue="" className={inputStyle}>
                  <option value="">{row === 1 ? "Choose a product" : "(none)"}</option>
                  {data.variants.map((v) => (
                    <option key={v.value} value={v.value}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`so-quantity${row}`} className="sr-only">
                  Quantity {row}
                </label>
                <input id={`so-quantity${row}`} name={`quantity${row}`} type="number" min={1} max={100} defaultValue={1} className={inputStyle} />
              </div>
            </div>
          ))}
        </fieldset>
        <div className="sm:max-w-xs">
          <label htmlFor="so-code" className="text-sm font-medium text-slate-700">
            Promotion code (if the customer has one)
          </label>
          <input id="so-code" name="code" autoComplete="off" maxLength={20} className={`${inputStyle} uppercase`} />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold text-slate-900">Payment</legend>
          <RadioOption name="payment" value="link" chosen={payment} onChoose={setPayment}>
            Send a payment link
          </RadioOption>
          {payment === "link" ? (
            <div className="ml-8 flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {[
                { value: "sms", label: "by SMS", on: data.textChannels.includes("sms") },
                { value: "whatsapp", label: "by WhatsApp", on: data.textChannels.includes("whatsapp") },
                { value: "email", label: "by e-mail", on: true },
              ].map((c) => (
                <label key={c.value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="send"
                    value={c.value}
                    defaultChecked={c.on && c.value !== "whatsapp"}
                    disabled={!c.on}
                    className="h-5 w-5 accent-brand-700"
                  />
                  {c.label}
                </label>
              ))}
            </div>
          ) : null}
          <RadioOption name="payment" value="pay_on_delivery" chosen={payment} onChoose={setPayment} disabled={!data.payOnDelivery}>
            Pay on delivery{data.payOnDelivery ? "" : " (off in Settings)"}
          </RadioOption>
        </fieldset>
        <div className="sm:max-w-xs">
          <SubmitButton busyText="Taking the order...">Take the order</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
