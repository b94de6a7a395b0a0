import { useState } from "react";

/** A dialog opened by an action's answer: open for each new answer until the shopper closes it. */
export function useDismissable<T>(answer: T | undefined) {
  const [dismissed, setDismissed] = useState<T | undefined>(undefined);
  return { open: answer !== undefined && answer !== dismissed, close: () => setDismissed(answer) };
}
