import { isRouteErrorResponse } from "react-router";

// What an account form's action answers, and the browser-side fallback when the network fails.

export type FormResult =
  | { status: "error"; message: string }
  | { status: "done"; message: string }
  /** Right password, but the e-mail is not verified yet (spec §4). */
  | { status: "unverified" };

/**
 * A clientAction that runs the server action and, when the request never gets an answer (a
 * dropped mobile connection), shows the spec's network text instead of the error page.
 */
export function networkFallback(message: string) {
  return async ({ serverAction }: { serverAction: () => Promise<unknown> }): Promise<FormResult | undefined> => {
    try {
      return (await serverAction()) as FormResult | undefined;
    } catch (failure) {
      if (failure instanceof Response || isRouteErrorResponse(failure)) throw failure;
      return { status: "error", message } satisfies FormResult;
    }
  };
}
