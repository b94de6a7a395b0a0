// @paystack/inline-js ships no types; this is the part the checkout uses (its README, v2).
declare module "@paystack/inline-js" {
  interface ResumeCallbacks {
    onSuccess?: (transaction: { id?: number; reference: string; message?: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
    onLoad?: (response: unknown) => void;
  }
  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: ResumeCallbacks): unknown;
    /** Hides the window without calling onCancel (not in the README; a method of the v2 bundle). */
    close(): void;
  }
}
