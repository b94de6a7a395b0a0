import { Form, Link } from "react-router";
import type { SecurityResult, signInSecurityData } from "~/app/admin/sign-in-security.server";
import { SECURITY_FORMS } from "~/app/forms";
import { messages } from "~/common/messages";
import { buttonStyles } from "../Dialog";
import { FormMessage, inputStyle, SubmitButton } from "../account/fields";

// Sign-in security (ADMIN_PANELS.twoFactor, issue 27): set up two-step sign-in, see how many
// recovery codes are left, sign out everywhere; owners decide whether staff must use it.

type PanelData = Awaited<ReturnType<typeof signInSecurityData>>;

/** The form a result answers, shown beside that form only. */
function Outcome({ result, form }: { result: SecurityResult | undefined; form: string }) {
  if ((result?.status !== "done" && result?.status !== "error") || result.form !== form) return null;
  return <FormMessage tone={result.status === "done" ? "success" : "error"}>{result.message}</FormMessage>;
}

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export function SignInSecurityPanel({ data, result }: { data: PanelData; result: SecurityResult | undefined }) {
  return (
    <div className="grid max-w-2xl gap-8">
      <section aria-labelledby="two-step-heading" className="grid gap-4">
        <h2 id="two-step-heading" className="text-lg font-semibold text-slate-900">
          Two-step sign-in
        </h2>
        {data.mustEnrol && result?.status !== "enrolled" ? <FormMessage tone="warning">{messages.twoFactorRequiredFirst}</FormMessage> : null}
        {result?.status === "enrolled" ? (
          <RecoveryCodes codes={result.recoveryCodes} />
        ) : data.enrolled ? (
          <p className="text-slate-700">
            <span className="font-semibold text-emerald-800">On.</span> When you sign in, enter the code your authenticator app shows after your
            password. {data.recoveryCodesLeft === 1 ? "1 recovery code left." : `${data.recoveryCodesLeft} recovery codes left.`} Lost your phone?
            Sign in with a recovery code, or ask an owner to reset your two-step sign-in in Admins.
          </p>
        ) : data.enrolment ? (
          <Enrol enrolment={data.enrolment} email={data.email} result={result} />
        ) : (
          <Form method="post" className="grid gap-3">
            <p className="text-slate-700">
              <span className="font-semibold">Off.</span> With two-step sign-in, a stolen password is not enough: signing in also takes a code from an
              app on your phone (Google Authenticator, Microsoft Authenticator, Authy or any other).
            </p>
            <input type="hidden" name="intent" value={SECURITY_FORMS.start} />
            <Outcome result={result} form={SECURITY_FORMS.start} />
            <div className="sm:max-w-xs">
              <SubmitButton busyText="Starting...">Set up two-step sign-in</SubmitButton>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="sessions-heading" className="grid gap-3 border-t border-slate-200 pt-6">
        <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
          Sessions
        </h2>
        <p className="text-slate-700">
          The back office signs you out after {data.idleMinutes} minutes without use, and 12 hours after you signed in in any case. Left it open on
          another computer, or lost a phone? Sign out everywhere ends every session of your account, this one too.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value={SECURITY_FORMS.everywhere} />
          <button type="submit" className={buttonStyles.secondary}>
            Sign out everywhere
          </button>
        </Form>
      </section>

      {data.staffRequired === null ? null : (
        <section aria-labelledby="staff-two-step-heading" className="grid gap-3 border-t border-slate-200 pt-6">
          <h2 id="staff-two-step-heading" className="text-lg font-semibold text-slate-900">
            Staff
          </h2>
          <p className="text-slate-700">
            {data.staffRequired
              ? "Staff must use two-step sign-in: one who has not set it up is brought here before any other page."
              : "Staff may use two-step sign-in; owners must (outside the demo)."}
          </p>
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value={SECURITY_FORMS.staff} />
            <Outcome result={result} form={SECURITY_FORMS.staff} />
            <button type="submit" name="required" value={data.staffRequired ? "no" : "yes"} className={`${buttonStyles.secondary} sm:max-w-xs`}>
              {data.staffRequired ? "Make it optional for staff" : "Require it for staff"}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}

/** Scan (or type) the secret, then confirm with one code. */
function Enrol({ enrolment, email, result }: { enrolment: NonNullable<PanelData["enrolment"]>; email: string; result: SecurityResult | undefined }) {
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-4 pl-5 text-slate-700">
        <li>
          Open your authenticator app, add an account, and scan this code.
          <img
            src={enrolment.qrCode}
            alt={`QR code for ${email}`}
            width={192}
            height={192}
            className="mt-3 rounded-lg bg-white ring-1 ring-slate-200"
          />
          <p className="mt-2 text-sm">
            Cannot scan it? Type this key instead:{" "}
            <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900" data-testid="two-factor-secret">
              {grouped(enrolment.secret)}
            </code>
          </p>
        </li>
        <li>
          <Form method="post" noValidate className="grid gap-3">
            <input type="hidden" name="intent" value={SECURITY_FORMS.confirm} />
            <label htmlFor="enrol-code" className="block">
              Enter the 6-digit code the app shows.
            </label>
            <input
              id="enrol-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              className={`${inputStyle} max-w-40 font-mono tracking-widest`}
            />
            <Outcome result={result} form={SECURITY_FORMS.confirm} />
            <div className="sm:max-w-xs">
              <SubmitButton busyText="Checking...">Turn on two-step sign-in</SubmitButton>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post">
        <input type="hidden" name="intent" value={SECURITY_FORMS.start} />
        <button type="submit" className="text-sm font-semibold text-brand-700 hover:underline">
          Start again with a new code
        </button>
      </Form>
    </div>
  );
}

/** The ten recovery codes, this once: each signs in once without the phone. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-3">
      <FormMessage tone="success">{messages.twoFactorOn}</FormMessage>
      <p className="text-slate-700">
        Keep these recovery codes somewhere safe, away from your phone: write them down or print this page. Each one signs you in once if your phone
        is lost. They are not shown again.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-base text-slate-900 ring-1 ring-slate-200"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to="/admin" className={`${buttonStyles.primary} sm:max-w-xs`}>
        I have saved them: continue
      </Link>
    </div>
  );
}
