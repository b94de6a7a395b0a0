import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import type { settingsPanelData } from "~/app/admin/settings.server";
import {
  DELIVERY_SETTINGS_FORM,
  PAY_ON_DELIVERY_FORM,
  PAYMENT_LINKS_FORM,
  PAYMENT_SETTINGS_FORM,
  CART_REMINDERS_FORM,
  TEXT_SETTINGS_FORM,
  type FormResult,
} from "~/app/forms";
import { CLOSED_DAY_NOTE_MAX, CLOSED_DAYS_FIELD, MAX_DELIVERY_DAYS, stateField, ZONE_LABELS, zoneField } from "~/common/delivery-estimate";
import { CHANNELS_FIELD } from "~/common/payment-channels";
import { shortLagosDay } from "~/common/lagos-time";
import { FormOutcome, inputStyle, SubmitButton } from "../account/fields";
import { OwnersOnly } from "./AdminsPanel";

// Settings (ADMIN_PANELS.settings, owners only; issue 19). Delivery estimates: each zone's
// business days, a state's own where it differs (blank: the zone's), and the days the shop
// closes besides the public holidays, which are counted already and listed for reference.
// Ways to pay: the Paystack channels offered. Text messages: SMS and WhatsApp order updates.

type PanelData = Awaited<ReturnType<typeof settingsPanelData>>;

/** A number of business days: its field's name is its id. */
function DaysInput({
  name,
  ...props
}: { name: string } & Pick<ComponentProps<"input">, "required" | "defaultValue" | "placeholder" | "aria-describedby">) {
  return (
    <input
      id={name}
      name={name}
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_DELIVERY_DAYS}
      className="mt-1 block w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400"
      {...props}
    />
  );
}

export function SettingsPanel({ data, result }: { data: PanelData; result: FormResult | undefined }) {
  if (data.ownersOnly) return <OwnersOnly heading="Settings" />;
  const zoneDays = Object.fromEntries(data.zones.map((z) => [z.zone, z.days]));
  return (
    <div className="max-w-3xl">
      <h2 className="text-lg font-semibold text-slate-900">Settings</h2>
      <Form method="post" noValidate preventScrollReset className="mt-4 grid gap-6">
        <input type="hidden" name="intent" value={DELIVERY_SETTINGS_FORM} />
        <section aria-labelledby="delivery-estimates-heading" className="grid gap-5">
          <div>
            <h3 id="delivery-estimates-heading" className="font-semibold text-slate-900">
              Delivery estimates
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              Shoppers see &ldquo;Arrives by&rdquo; a date: this many business days (Monday to Friday, less public holidays and closed days) after the
              order. An order paid from 2 pm Lagos time counts from the next business day. A placed order keeps the date it was given.
            </p>
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold text-slate-800">Business days by zone</legend>
            {data.zones.map((zone) => (
              <div key={zone.zone}>
                <label htmlFor={zoneField(zone.zone)} className="block text-sm font-medium text-slate-700">
                  {zone.label}
                </label>
                <DaysInput name={zoneField(zone.zone)} required defaultValue={zone.days} />
                <p className="mt-1 text-xs text-slate-500">{zone.states}</p>
              </div>
            ))}
          </fieldset>
          <details className="rounded-xl ring-1 ring-slate-200">
            <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-800">
              A state of its own (blank: its zone&rsquo;s days)
            </summary>
            <div className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 px-4 py-4 sm:grid-cols-3">
              {data.states.map((state) => (
                <div key={state.name}>
                  <label htmlFor={stateField(state.name)} className="block text-sm font-medium text-slate-700">
                    {state.name}
                  </label>
                  <DaysInput
                    name={stateField(state.name)}
                    defaultValue={state.days ?? ""}
                    placeholder={String(zoneDays[state.zone])}
                    aria-describedby={`${stateField(state.name)}-zone`}
                  />
                  <span id={`${stateField(state.name)}-zone`} className="sr-only">
                    Blank: {ZONE_LABELS[state.zone]}, {zoneDays[state.zone]} business days
                  </span>
                </div>
              ))}
            </div>
          </details>
          <div>
            <label htmlFor={CLOSED_DAYS_FIELD} className="block text-sm font-semibold text-slate-800">
              Closed days
            </label>
            <p id={`${CLOSED_DAYS_FIELD}-hint`} className="mt-1 text-sm text-slate-600">
              One per line: the date as YYYY-MM-DD, then a note (at most {CLOSED_DAY_NOTE_MAX} characters) if you like. For holidays the government
              declares at short notice, or a day the shop does not deliver.
            </p>
            <textarea
              id={CLOSED_DAYS_FIELD}
              name={CLOSED_DAYS_FIELD}
              rows={4}
              defaultValue={data.closedDays}
              placeholder="2026-12-31 New Year's Eve"
              aria-describedby={`${CLOSED_DAYS_FIELD}-hint`}
              className={`${inputStyle} font-mono`}
            />
          </div>
          <details className="rounded-xl ring-1 ring-slate-200">
            <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-800">Public holidays counted already</summary>
            <ul
              className="grid grid-cols-2 gap-1 border-t border-slate-100 px-4 py-3 text-sm text-slate-700 sm:grid-cols-4"
              data-testid="public-holidays"
            >
              {data.holidays.map((day) => (
                <li key={day}>
                  {shortLagosDay(day)} {day.slice(0, 4)}
                </li>
              ))}
            </ul>
          </details>
        </section>
        <FormOutcome result={result} form={DELIVERY_SETTINGS_FORM} />
        <div className="sm:max-w-xs">
          <SubmitButton busyText="Saving...">Save delivery estimates</SubmitButton>
        </div>
      </Form>
      <PaymentSettings channels={data.channels} result={result} />
      <PayOnDeliverySettings pod={data.payOnDelivery} states={data.states.map((s) => s.name)} result={result} />
      <PaymentLinkSettings hours={data.linkHours} result={result} />
      <TextSettings texts={data.texts} result={result} />
      <CartReminderSettings reminders={data.cartReminders} result={result} />
    </div>
  );
}

/** One of the panel's forms after the first: its fields, then its own answer and its Save button. */
function SettingsForm({ form, result, save, children }: { form: string; result: FormResult | undefined; save: string; children: ReactNode }) {
  return (
    <Form method="post" noValidate preventScrollReset className="mt-10 grid gap-5 border-t border-slate-200 pt-8">
      <input type="hidden" name="intent" value={form} />
      {children}
      <FormOutcome result={result} form={form} />
      <div className="sm:max-w-xs">
        <SubmitButton busyText="Saving...">{save}</SubmitButton>
      </div>
    </Form>
  );
}

/** The ways to pay offered: Paystack shows the customer only these (issue 19). */
function PaymentSettings({ channels, result }: { channels: Extract<PanelData, { ownersOnly: false }>["channels"]; result: FormResult | undefined }) {
  return (
    <SettingsForm form={PAYMENT_SETTINGS_FORM} result={result} save="Save ways to pay">
      <fieldset aria-describedby="ways-to-pay-hint">
        <legend className="font-semibold text-slate-900">Ways to pay</legend>
        <p id="ways-to-pay-hint" className="mt-1 text-sm text-slate-600">
          What Paystack offers your customers at checkout; the logos and words of the shop follow. Most Nigerians pay by card, bank transfer or USSD.
          A payment already open keeps the ways it was offered.
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {channels.map((c) => (
            <label key={c.channel} className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-base text-slate-800 ring-1 ring-slate-200">
              <input type="checkbox" name={CHANNELS_FIELD} value={c.channel} defaultChecked={c.offered} className="h-5 w-5 accent-brand-700" />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsForm>
  );
}

/** Which text channels the shop uses for order updates (issue 28), and whether each has its provider. */
function TextSettings({ texts, result }: { texts: Extract<PanelData, { ownersOnly: false }>["texts"]; result: FormResult | undefined }) {
  return (
    <SettingsForm form={TEXT_SETTINGS_FORM} result={result} save="Save text messages">
      <fieldset aria-describedby="texts-hint">
        <legend className="font-semibold text-slate-900">Text messages</legend>
        <p id="texts-hint" className="mt-1 text-sm text-slate-600">
          Order updates by SMS and WhatsApp, beside e-mail, to customers who chose them in their dashboard.
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {texts.map((t) => (
            <label key={t.channel} className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-base text-slate-800 ring-1 ring-slate-200">
              <input type="checkbox" name={t.channel} defaultChecked={t.on} className="h-5 w-5 accent-brand-700" />
              <span>
                {t.label}
                <span className={`block text-sm ${t.ready ? "text-slate-500" : "text-amber-800"}`}>{t.provider}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsForm>
  );
}

type PodData = Extract<PanelData, { ownersOnly: false }>["payOnDelivery"];

/** A number field of the pay-on-delivery form. */
function PodNumber({ name, label, value }: { name: string; label: string; value: number }) {
  return (
    <div>
      <label htmlFor={`pod-${name}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={`pod-${name}`} name={name} inputMode="numeric" required maxLength={20} defaultValue={value} className={`${inputStyle} sm:w-48`} />
    </div>
  );
}

/** Pay on delivery (issue 28): on or off, and the controls that keep it viable. */
function PayOnDeliverySettings({ pod, states, result }: { pod: PodData; states: readonly string[]; result: FormResult | undefined }) {
  return (
    <SettingsForm form={PAY_ON_DELIVERY_FORM} result={result} save="Save pay on delivery">
      <fieldset className="grid gap-4" aria-describedby="pod-hint">
        <legend className="font-semibold text-slate-900">Pay on delivery</legend>
        <p id="pod-hint" className="-mt-2 text-sm text-slate-600">
          Customers pay at the door in cash, by transfer or POS. The order holds its stock from the moment it is placed.
        </p>
        <label className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-base text-slate-800 ring-1 ring-slate-200 sm:max-w-xs">
          <input type="checkbox" name="on" defaultChecked={pod.on} className="h-5 w-5 accent-brand-700" />
          Offer pay on delivery
        </label>
        <details className="rounded-lg ring-1 ring-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">States it is offered in: {pod.states.join(", ")}</summary>
          <div className="grid grid-cols-2 gap-1 px-3 pb-3 sm:grid-cols-4">
            {states.map((s) => (
              <label key={s} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="state" value={s} defaultChecked={pod.states.includes(s)} className="h-4 w-4 accent-brand-700" />
                {s}
              </label>
            ))}
          </div>
        </details>
        <div className="grid gap-4 sm:grid-cols-2">
          <PodNumber name="ceiling" label="Highest order value (₦)" value={pod.ceilingNaira} />
          <PodNumber name="maxOpen" label="Open orders per customer, at most" value={pod.maxOpen} />
          <PodNumber name="shipWithinDays" label="Expires if not shipped within (days)" value={pod.shipWithinDays} />
          <PodNumber name="collectWithinDays" label="Flag if not collected within (days of shipping)" value={pod.collectWithinDays} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Who may use it</legend>
          <div className="mt-2 grid gap-2">
            {pod.whoChoices.map((c) => (
              <label key={c.value} className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
                <input type="radio" name="who" value={c.value} defaultChecked={pod.who === c.value} className="h-5 w-5 accent-brand-700" />
                {c.label}
              </label>
            ))}
          </div>
          {!pod.smsReady ? <p className="mt-1 text-sm text-amber-800">SMS is not set up: customers cannot confirm their phone with a code.</p> : null}
        </fieldset>
      </fieldset>
    </SettingsForm>
  );
}

/** How long the payment link of an order staff took holds its stock (issue 28). */
function PaymentLinkSettings({ hours, result }: { hours: number; result: FormResult | undefined }) {
  return (
    <SettingsForm form={PAYMENT_LINKS_FORM} result={result} save="Save payment links">
      <div>
        <label htmlFor="link-hours" className="font-semibold text-slate-900">
          Payment links hold the stock for (hours)
        </label>
        <p className="mt-1 text-sm text-slate-600">An order staff take for a customer keeps its items this long for the customer to pay its link.</p>
        <input id="link-hours" name="hours" inputMode="numeric" required maxLength={3} defaultValue={hours} className={`${inputStyle} sm:w-32`} />
      </div>
    </SettingsForm>
  );
}

/** Reminders about carts left waiting (issue 29): on or off, and after how long. */
function CartReminderSettings({ reminders, result }: { reminders: { on: boolean; hours: number; code?: string }; result: FormResult | undefined }) {
  return (
    <SettingsForm form={CART_REMINDERS_FORM} result={result} save="Save cart reminders">
      <fieldset className="grid gap-4" aria-describedby="reminders-hint">
        <legend className="font-semibold text-slate-900">Cart reminders</legend>
        <p id="reminders-hint" className="-mt-2 text-sm text-slate-600">
          One message to a signed-in customer whose cart sat untouched, listing what is still available; never if they have ordered since, and only
          between 8 am and 8 pm. By e-mail, or SMS or WhatsApp to customers who said yes to offers.
        </p>
        <label className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-base text-slate-800 ring-1 ring-slate-200 sm:max-w-xs">
          <input type="checkbox" name="on" defaultChecked={reminders.on} className="h-5 w-5 accent-brand-700" />
          Send cart reminders
        </label>
        <div>
          <label htmlFor="reminder-hours" className="block text-sm font-medium text-slate-700">
            After the cart sat untouched for (hours)
          </label>
          <input
            id="reminder-hours"
            name="hours"
            inputMode="numeric"
            required
            maxLength={2}
            defaultValue={reminders.hours}
            className={`${inputStyle} sm:w-32`}
          />
        </div>
        <div>
          <label htmlFor="reminder-code" className="block text-sm font-medium text-slate-700">
            A promotion code to offer in the e-mail (optional)
          </label>
          <input
            id="reminder-code"
            name="code"
            maxLength={20}
            autoComplete="off"
            defaultValue={reminders.code ?? ""}
            className={`${inputStyle} uppercase sm:w-64`}
          />
        </div>
      </fieldset>
    </SettingsForm>
  );
}
