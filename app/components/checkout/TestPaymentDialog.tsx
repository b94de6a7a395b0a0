import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatNairaTotal, koboToNaira } from "~/common/money";
import { CHANNEL_LABELS } from "~/common/payment-channels";
import { TEST_ARRIVAL_MS, TEST_CARD_DECLINED, TEST_CARD_SUCCESS, TEST_TRANSFER_ACCOUNT, type TestLaterChannel } from "~/common/test-gateway";
import { LockIcon } from "../icons";

export interface TestPayment {
  accessCode: string;
  amountKobo: number;
  email: string;
}

interface Props extends TestPayment {
  onSuccess: (reference: string) => void;
  /** A transfer sent or a USSD code dialled: the pretend bank confirms it a few seconds later. */
  onPending: (reference: string) => void;
  onCancel: () => void;
  onError: (message: string) => void;
}

/**
 * The built-in test gateway's payment window, laid out like a card provider's popup. It charges
 * the card at the gateway's own endpoint; the shop then verifies the payment on the server, as
 * it does with Paystack. Shown only when no Paystack keys are configured.
 */
type Way = "card" | TestLaterChannel;
const WAYS: Way[] = ["card", "bank_transfer", "ussd"];
const GRID_COLUMNS: Record<number, string> = { 2: "grid-cols-2", 3: "grid-cols-3" };

export function TestPaymentDialog({ accessCode, amountKobo, email, onSuccess, onPending, onCancel, onError }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [way, setWay] = useState<Way>("card");
  // The ways the shop offered for this payment, as its transaction says (issue 19): null until read.
  const [ways, setWays] = useState<Way[] | null>(null);
  const [card, setCard] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  useEffect(() => {
    let current = true;
    void fetch(`/api/test-gateway/transaction?access_code=${encodeURIComponent(accessCode)}`)
      .then((response) => response.json() as Promise<{ channels?: string[] }>)
      // An unreadable answer offers every way: the gateway refuses one the shop did not offer.
      .then(({ channels }) => WAYS.filter((w) => !channels || channels.includes(w)))
      .catch(() => WAYS)
      .then((offered) => {
        if (!current) return;
        setWays(offered);
        if (offered[0]) setWay(offered[0]);
      });
    return () => {
      current = false;
    };
  }, [accessCode]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const [path, body] =
      way === "card" ? ["charge", { access_code: accessCode, card_number: card }] : ["pay-later", { access_code: accessCode, channel: way }];
    try {
      const response = await fetch(`/api/test-gateway/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const reply = (await response.json()) as { success: boolean; reference?: string; error?: string };
      if (reply.success && reply.reference) (way === "card" ? onSuccess : onPending)(reply.reference);
      else onError(reply.error ?? "Declined");
    } catch {
      onError("Network error");
    }
  };
  const seconds = way === "card" ? 0 : TEST_ARRIVAL_MS[way] / 1000;

  const input =
    "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2.5 text-base tracking-wide focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30";
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      aria-labelledby="test-payment-title"
      className="m-auto w-[min(94vw,24rem)] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0">
          <p className="truncate text-sm text-slate-500">{email}</p>
          <p id="test-payment-title" className="text-lg font-semibold text-slate-900">
            Pay <span className="text-emerald-700">{formatNairaTotal(amountKobo)}</span>
          </p>
        </div>
        <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold uppercase text-amber-800">Test mode</span>
      </div>
      <form onSubmit={(event) => void pay(event)} className="grid gap-4 px-5 py-5">
        {ways === null ? <p className="text-sm text-slate-600">Loading...</p> : null}
        {ways?.length === 0 ? (
          <p role="alert" className="text-sm text-slate-700">
            The shop offers no way this test window can pay (card, bank transfer or USSD).
          </p>
        ) : null}
        {ways !== null && ways.length > 0 ? (
          <>
            {ways.length > 1 ? (
              <div role="group" aria-label="Pay with" className={`grid ${GRID_COLUMNS[ways.length]} gap-1 rounded-lg bg-slate-100 p-1 text-sm`}>
                {ways.map((w) => (
                  <button
                    key={w}
                    type="button"
                    aria-pressed={way === w}
                    disabled={busy}
                    onClick={() => setWay(w)}
                    className={`rounded-md px-2 py-2 font-medium ${way === w ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
                  >
                    {CHANNEL_LABELS[w]}
                  </button>
                ))}
              </div>
            ) : null}
            {way === "card" ? (
              <>
                <p className="text-sm text-slate-600">No real money moves. Use one of the test cards:</p>
                <div className="grid gap-2 text-sm">
                  <button
                    type="button"
                    className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-left text-emerald-900"
                    onClick={() => setCard(TEST_CARD_SUCCESS)}
                  >
                    Success card: <span className="font-mono">{TEST_CARD_SUCCESS}</span>
                  </button>
                  <button
                    type="button"
                    className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-left text-red-900"
                    onClick={() => setCard(TEST_CARD_DECLINED)}
                  >
                    Declined card: <span className="font-mono">{TEST_CARD_DECLINED}</span>
                  </button>
                </div>
                <div>
                  <label htmlFor="test-card" className="text-sm font-medium text-slate-700">
                    Card number
                  </label>
                  <input
                    id="test-card"
                    value={card}
                    onChange={(e) => setCard(e.target.value)}
                    inputMode="numeric"
                    autoComplete="off"
                    required
                    placeholder="0000 0000 0000 0000"
                    className={input}
                  />
                </div>
                <div className="grid grid-cols-2 gap-3">
                  <div>
                    <label htmlFor="test-expiry" className="text-sm font-medium text-slate-700">
                      Expiry
                    </label>
                    <input id="test-expiry" defaultValue="12/30" inputMode="numeric" autoComplete="off" className={input} />
                  </div>
                  <div>
                    <label htmlFor="test-cvv" className="text-sm font-medium text-slate-700">
                      CVV
                    </label>
                    <input id="test-cvv" defaultValue="408" inputMode="numeric" autoComplete="off" className={input} />
                  </div>
                </div>
              </>
            ) : (
              <div className="grid gap-1 rounded-md bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
                {way === "bank_transfer" ? (
                  <p>
                    Transfer exactly <strong>{formatNairaTotal(amountKobo)}</strong> to:
                  </p>
                ) : (
                  <p>Dial this code from the phone number your bank knows, and approve the payment:</p>
                )}
                <p className="font-mono text-lg font-semibold text-slate-900">
                  {way === "bank_transfer" ? TEST_TRANSFER_ACCOUNT.number : `*000*${koboToNaira(amountKobo)}#`}
                </p>
                {way === "bank_transfer" ? <p>{TEST_TRANSFER_ACCOUNT.bank}</p> : null}
                <p className="text-slate-500">No real money moves: the test bank confirms it about {seconds} seconds after you press below.</p>
              </div>
            )}
            <button
              type="submit"
              disabled={busy}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-emerald-600 px-5 py-3 font-semibold text-white hover:bg-emerald-700 disabled:opacity-60"
            >
              <LockIcon className="h-4 w-4" />{" "}
              {busy
                ? "Processing..."
                : way === "bank_transfer"
                  ? "I have sent the money"
                  : way === "ussd"
                    ? "I have dialled and approved"
                    : `Pay ${formatNairaTotal(amountKobo)}`}
            </button>
          </>
        ) : null}
        <button type="button" disabled={busy} onClick={onCancel} className="text-sm font-medium text-slate-600 hover:text-slate-900">
          Cancel payment
        </button>
      </form>
    </dialog>
  );
}
