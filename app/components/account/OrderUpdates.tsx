import { Form, useNavigation } from "react-router";
import { ORDER_UPDATES_FORM, type FormResult } from "~/app/forms";
import { buttonStyles } from "../Dialog";
import { FormMessage } from "./fields";

export interface OrderUpdatesView {
  email: boolean;
  sms: boolean;
  whatsapp: boolean;
  /** Where e-mails and texts go, as the customer reads them. */
  emailAddress: string;
  phone: string;
}

const CHANNELS = [
  { name: "email", label: "E-mail" },
  { name: "sms", label: "SMS" },
  { name: "whatsapp", label: "WhatsApp" },
] as const;

/** User Info's "Order updates" (issue 28): the channels the shop tells this customer about their orders on. */
export function OrderUpdates({ choices, result }: { choices: OrderUpdatesView; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === ORDER_UPDATES_FORM;
  return (
    <Form method="post" className="mt-6 max-w-sm border-t border-slate-100 pt-5">
      <input type="hidden" name="intent" value={ORDER_UPDATES_FORM} />
      <fieldset>
        <legend className="font-semibold text-slate-900">Order updates</legend>
        <p className="mt-1 text-sm text-slate-600">How we tell you when your order is paid, shipped and delivered.</p>
        <div className="mt-3 grid gap-2">
          {CHANNELS.map(({ name, label }) => (
            <label key={name} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <input type="checkbox" name={name} defaultChecked={choices[name]} className="h-5 w-5 accent-brand-700" />
              <span>
                <span className="font-medium text-slate-900">{label}</span>
                <span className="block break-all text-slate-500">{name === "email" ? choices.emailAddress : choices.phone}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {result && "message" in result ? (
        <div className="mt-3">
          <FormMessage tone={result.status === "error" ? "error" : "success"}>{result.message}</FormMessage>
        </div>
      ) : null}
      <button type="submit" className={`${buttonStyles.secondary} mt-3 w-full`} disabled={busy}>
        {busy ? "Saving..." : "Save choices"}
      </button>
    </Form>
  );
}
