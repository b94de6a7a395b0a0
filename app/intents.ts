import { data } from "react-router";
import { messages } from "~/common/messages";
import type { FormResult } from "./forms";

// A page with several forms tells them apart by the `intent` each sends. An action handles each
// intent it knows by name and answers anything else 400 (unknownIntent): there is no default
// branch that does something (issue 16).

/** The form's `intent` when it is one of `known`; undefined for any other value, or none. */
export function formIntent<const Intent extends string>(form: FormData, known: readonly Intent[]): Intent | undefined {
  const intent = form.get("intent");
  return known.find((k) => k === intent);
}

/** The answer to a form this page does not have: 400, nothing done, words the page can show. */
export function unknownIntent(message: string = messages.requestUnreadable) {
  return data<FormResult>({ status: "error", message }, { status: 400 });
}
