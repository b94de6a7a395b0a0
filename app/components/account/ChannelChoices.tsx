import { Form, useNavigation } from "react-router";
import { MESSAGE_CHANNEL_LABELS, type MessageChannel } from "~/common/message-channels";
import type { FormResult } from "~/app/forms";
import { buttonStyles } from "../Dialog";
import { FormMessage } from "./fields";

export interface ChannelChoicesView {
  email: boolean;
  sms: boolean;
  whatsapp: boolean;
  /** Where e-mails and texts go, as the customer reads them. */
  emailAddress: string;
  phone: string;
}

const CHANNELS: readonly MessageChannel[] = ["email", "sms", "whatsapp"];

/**
 * A User Info form of the channels the shop may use for one kind of message: "Order updates"
 * (issue 28) and "Offers" (issue 29), each with its own consent. `form` is its intent and the
 * `form` of its answer.
 */
export function ChannelChoices({
  form,
  legend,
  description,
  choices,
  result,
  save,
}: {
  form: string;
  legend: string;
  /** The Save button's words: the dashboard has two of these forms. */
  save: string;
  description: string;
  choices: ChannelChoicesView;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === form;
  return (
    <Form method="post" className="mt-6 max-w-sm border-t border-slate-100 pt-5">
      <input type="hidden" name="intent" value={form} />
      <fieldset>
        <legend className="font-semibold text-slate-900">{legend}</legend>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
        <div className="mt-3 grid gap-2">
          {CHANNELS.map((name) => (
            <label key={name} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <input type="checkbox" name={name} defaultChecked={choices[name]} className="h-5 w-5 accent-brand-700" />
              <span>
                <span className="font-medium text-slate-900">{MESSAGE_CHANNEL_LABELS[name]}</span>
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
        {busy ? "Saving..." : save}
      </button>
    </Form>
  );
}
