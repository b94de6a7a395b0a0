import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "~/app/forms";
import { MessageDialog } from "../Dialog";
import { AccountCard } from "./AccountCard";
import { SubmitButton } from "./fields";
import { useDismissable } from "./useDismissable";

/**
 * Requirements §2.2: the page posts the token, then goes to the login page. Opening the link does nothing
 * by itself (mail scanners follow links); the page posts as soon as it runs, or on the button.
 */
export function VerifyEmailForm({ result }: { result: FormResult | undefined }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const posted = useRef(false);
  const dialog = useDismissable(result);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    void submit(null, { method: "post", replace: true });
  }, [submit]);
  const busy = navigation.state !== "idle" || (!result && posted.current);
  return (
    <AccountCard title="Verify Email" intro="Confirming your email address...">
      <Form method="post" replace className="grid gap-4">
        <p role="status" className="text-slate-700">
          {busy ? "Verifying your email address, please wait..." : "Press the button to confirm your email address."}
        </p>
        <SubmitButton busyText="Verifying...">Verify my email</SubmitButton>
      </Form>
      <MessageDialog open={dialog.open && result?.status === "error"} title={messages.verificationFailedTitle} tone="error" onClose={dialog.close}>
        {result?.status === "error" ? result.message || messages.tryAgain : null}
      </MessageDialog>
    </AccountCard>
  );
}
