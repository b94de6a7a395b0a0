import { useState, type FormEvent } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/deliverydetailpage";
import { isEmailShape } from "~/common/accounts";
import { DELIVERY_FIELDS, DELIVERY_LABELS, deliveryInput, type DeliveryDetails, type DeliveryField } from "~/common/delivery";
import { messages } from "~/common/messages";
import { arrivalDays, arrivesBy } from "~/common/delivery-estimate";
import { citiesOf, STATE_NAMES } from "~/common/nigeria";
import { CheckoutSteps } from "../components/CheckoutSteps";
import { buttonStyles } from "../components/Dialog";
import { FormMessage, inputStyle } from "../components/account/fields";
import { TruckIcon } from "../components/icons";
import { useToast } from "../components/Toast";
import { networkFallback, type FormResult } from "../forms";
import { privatePageMeta } from "../seo";
import { requireAccount } from "../sessions.server";
import { firstProblem, getCart, getDelivery, lastDelivery, saveDelivery } from "~/app/services.server";
import { deliverySettings } from "../delivery.server";

/** Requirements §9: the delivery form's warnings show for 2 seconds. */
const WARNING_MS = 2000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await requireAccount(request, context, "customer");
  if ((await getCart(context.db, account.id)).length === 0) throw redirect("/cartpage");
  // This checkout's details if given already, else those of the last order, else the account's.
  const [firstName = "", ...rest] = account.fullName.split(/\s+/);
  const details: DeliveryDetails = (await getDelivery(context.db, account.id)) ??
    (await lastDelivery(context.db, account.id)) ?? {
      firstName,
      lastName: rest.join(" "),
      phone: account.phoneNumber,
      email: account.email,
      address: "",
      state: "",
      city: "",
    };
  // Every state's day, for an order placed now: the line under the state follows the choice.
  return { details, arrivals: arrivalDays(await deliverySettings(context), new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const account = await requireAccount(request, context, "customer");
  const input = deliveryInput.safeParse(Object.fromEntries(await request.formData()));
  // Input the form itself refuses (a missing field, a malformed or 100 KB value) answers 400,
  // with the same words on the page.
  if (!input.success) return data<FormResult>({ status: "error", message: firstProblem(input.error) }, { status: 400 });
  await saveDelivery(context.db, account.id, input.data);
  return redirect("/ordersummarypage");
}
export const clientAction = networkFallback(messages.tryAgain);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => privatePageMeta("Delivery Details");

/** The first rule of requirements §5.3 the form breaks: every field required, phones equal, a real e-mail. */
function formProblem(form: HTMLFormElement): { field: DeliveryField; message: string } | null {
  const value = (field: DeliveryField) => (form.elements.namedItem(field) as HTMLInputElement).value.trim();
  const empty = DELIVERY_FIELDS.find((field) => !value(field));
  if (empty) return { field: empty, message: messages.fieldRequired(DELIVERY_LABELS[empty]) };
  if (value("phone") !== value("confirmPhone")) return { field: "confirmPhone", message: messages.phoneMismatch };
  if (!isEmailShape(value("email").toLowerCase())) return { field: "email", message: messages.deliveryEmailInvalid };
  return null;
}

export default function DeliveryDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { details, arrivals } = loaderData;
  const [state, setState] = useState(details.state);
  const [city, setCity] = useState(details.city);
  const [invalid, setInvalid] = useState<DeliveryField | null>(null);
  const toast = useToast();
  const busy = useNavigation().state === "submitting";

  const check = (event: FormEvent<HTMLFormElement>) => {
    const problem = formProblem(event.currentTarget);
    setInvalid(problem?.field ?? null);
    if (!problem) return;
    event.preventDefault();
    toast.show(problem.message, WARNING_MS, "warning");
    (event.currentTarget.elements.namedItem(problem.field) as HTMLElement).focus();
  };

  const field = (name: DeliveryField, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-700">
        {DELIVERY_LABELS[name]}
      </label>
      <input
        id={name}
        name={name}
        required
        aria-invalid={invalid === name ? true : undefined}
        defaultValue={name === "confirmPhone" ? details.phone : details[name as keyof DeliveryDetails]}
        className={inputStyle}
        {...props}
      />
    </div>
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      {toast.element}
      <CheckoutSteps current={1} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Delivery Details</h1>
      <p className="mt-1 text-slate-600">Where should we bring your order? Delivery is free.</p>
      <Form
        method="post"
        noValidate
        onSubmit={check}
        className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6"
      >
        {field("firstName", { autoComplete: "given-name", maxLength: 60 })}
        {field("lastName", { autoComplete: "family-name", maxLength: 60 })}
        {field("phone", { type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 30 })}
        {field("confirmPhone", { type: "tel", inputMode: "tel", autoComplete: "off", maxLength: 30 })}
        <div className="sm:col-span-2">{field("email", { type: "email", inputMode: "email", autoComplete: "email", maxLength: 254 })}</div>
        <div className="sm:col-span-2">{field("address", { autoComplete: "street-address", maxLength: 300 })}</div>
        <div>
          <label htmlFor="state" className="block text-sm font-medium text-slate-700">
            {DELIVERY_LABELS.state}
          </label>
          <select
            id="state"
            name="state"
            required
            value={state}
            aria-invalid={invalid === "state" ? true : undefined}
            onChange={(e) => {
              // Requirements §3.14: a new state clears the city.
              setState(e.target.value);
              setCity("");
            }}
            className={inputStyle}
          >
            <option value="">Choose a state</option>
            {STATE_NAMES.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="city" className="block text-sm font-medium text-slate-700">
            {DELIVERY_LABELS.city}
          </label>
          <select
            id="city"
            name="city"
            required
            value={city}
            disabled={!state}
            aria-invalid={invalid === "city" ? true : undefined}
            onChange={(e) => setCity(e.target.value)}
            className={inputStyle}
          >
            <option value="">{state ? "Choose a city" : "Choose a state first"}</option>
            {citiesOf(state).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <p className="flex items-center gap-2 text-sm sm:col-span-2" aria-live="polite" data-testid="arrives-by">
          <TruckIcon className="h-5 w-5 shrink-0 text-brand-700" />
          {arrivals[state] ? (
            <span className="font-semibold text-slate-900">{arrivesBy(arrivals[state])}</span>
          ) : (
            <span className="text-slate-600">Choose a state to see when your order arrives.</span>
          )}
        </p>
        {actionData?.status === "error" ? (
          <div className="sm:col-span-2">
            <FormMessage tone="error">{actionData.message}</FormMessage>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-between">
          <a href="/cartpage" className={buttonStyles.secondary}>
            Back to cart
          </a>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? "Saving..." : "Continue to order summary"}
          </button>
        </div>
      </Form>
    </div>
  );
}
