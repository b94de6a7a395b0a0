import { Link } from "react-router";

/**
 * The thin strip that says a shop in demo mode is one (decision 0018): nobody mistakes the test
 * gateway for a real checkout, and the mailbox and the phone are one click away.
 */
export function DemoBanner({ devMailbox, devPhone }: { devMailbox: boolean; devPhone: boolean }) {
  return (
    <p role="note" className="bg-amber-300 px-4 py-1 text-center text-xs font-medium text-slate-900">
      <strong className="font-bold">Demo shop:</strong> <span className="hidden sm:inline">test payments only, </span>no real money moves.
      {devMailbox ? (
        <>
          {" "}
          <Link to="/dev/mailbox" className="whitespace-nowrap font-semibold underline underline-offset-2 hover:text-slate-700">
            Dev mailbox
          </Link>
        </>
      ) : null}
      {devPhone ? (
        <>
          {" · "}
          <Link to="/dev/phone" className="whitespace-nowrap font-semibold underline underline-offset-2 hover:text-slate-700">
            Dev phone
          </Link>
        </>
      ) : null}
    </p>
  );
}
