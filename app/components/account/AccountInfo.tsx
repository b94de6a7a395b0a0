import { useEffect, useRef } from "react";
import { Form, useSearchParams } from "react-router";
import { PHONE_PLACEHOLDER } from "~/common/accounts";
import { messages } from "~/common/messages";
import { CHANGE_PASSWORD_FORM, type FormResult } from "~/app/forms";
import { ChangePassword } from "./ChangePassword";
import { MessageDialog } from "../Dialog";
import { FormMessage, SubmitButton, TextField } from "./fields";
import { useDismissable } from "./useDismissable";

interface AccountInfoProps {
  heading: string;
  account: { fullName: string; email: string; phoneNumber: string };
  result: FormResult | undefined;
}

/** User Info / Admin Info (menu 0): the account, a form to change its phone number, and Change password. */
export function AccountInfo({ heading, account, result: either }: AccountInfoProps) {
  const passwordResult = either && "form" in either && either.form === CHANGE_PASSWORD_FORM ? either : undefined;
  const result = passwordResult ? undefined : either;
  // The change's notice makes the form afresh: its fields start empty again.
  const changed = useSearchParams()[0].get("notice") === "password-changed";
  const dialog = useDismissable(result);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.status === "done") form.current?.reset();
  }, [result]);
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-slate-500">Full name</dt>
        <dd className="text-slate-900">{account.fullName}</dd>
        <dt className="font-medium text-slate-500">Email</dt>
        <dd className="break-all text-slate-900">{account.email}</dd>
        <dt className="font-medium text-slate-500">Phone number</dt>
        <dd className="text-slate-900" data-testid="phone-number">
          {account.phoneNumber}
        </dd>
      </dl>
      <Form method="post" ref={form} className="mt-6 grid max-w-sm gap-3 border-t border-slate-100 pt-5">
        <input type="hidden" name="intent" value="update-phone" />
        <TextField
          label="New phone number"
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
          required
        />
        {result?.status === "done" ? <FormMessage tone="success">{result.message}</FormMessage> : null}
        <SubmitButton busyText="Updating...">Update Phone Number</SubmitButton>
      </Form>
      <ChangePassword key={changed ? "changed" : "form"} result={passwordResult} />
      <MessageDialog open={dialog.open && result?.status === "error"} title={messages.updateFailedTitle} tone="error" onClose={dialog.close}>
        {result?.status === "error" ? result.message || messages.tryAgain : null}
      </MessageDialog>
    </div>
  );
}
