import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/contactus";
import { CONTACT_MESSAGE_MAX, SHOP_EMAIL, SHOP_PHONE_DISPLAY } from "~/common/constants";
import { messages } from "~/common/messages";
import { inputStyle } from "../components/account/fields";
import { buttonStyles } from "../components/Dialog";
import { MailIcon, PhoneIcon } from "../components/icons";
import { networkFallback, type FormResult } from "../forms";
import { pageMeta } from "../seo-pages";
import { contactInput, firstProblem, retryText, submitContact } from "~/app/services.server";

export const meta: Route.MetaFunction = () =>
  pageMeta("Contact Us", "Write to Foam Shop: questions about mattresses, orders, delivery or solar kits.");

export async function action({ request, context }: Route.ActionArgs) {
  const input = contactInput.safeParse(Object.fromEntries(await request.formData()));
  // Input the form itself refuses (a missing field, a malformed or 100 KB value) answers 400,
  // with the same words on the page.
  if (!input.success) return data<FormResult>({ status: "error", message: firstProblem(input.error) }, { status: 400 });
  const sent = await submitContact(
    { db: context.db, publicUrl: context.config.publicUrl, shopEmail: context.config.shopOrdersEmail, clientAddress: context.clientAddress },
    input.data,
  );
  if (!sent.ok) return data<FormResult>({ status: "error", message: messages.tooManyAttempts(retryText(sent.retryAfterSeconds)) }, { status: 429 });
  // Requirements §4.8: on success the message shows and the visitor goes to the home page.
  return redirect("/?notice=contact-sent");
}
export const clientAction = networkFallback(messages.contactFailed);

const label = "block text-sm font-medium text-slate-700";

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:py-12 md:grid-cols-[1fr_18rem]">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Contact Us</h1>
        <p className="mt-2 text-slate-600">
          Questions about a mattress size, an order or a solar kit? Write to us and we will answer within one business day.
        </p>
        <Form method="post" className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <div>
            <label htmlFor="name" className={label}>
              Name
            </label>
            <input id="name" name="name" required maxLength={100} autoComplete="name" className={inputStyle} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="email" className={label}>
                Email
              </label>
              <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" className={inputStyle} />
            </div>
            <div>
              <label htmlFor="phone" className={label}>
                Phone
              </label>
              <input id="phone" name="phone" type="tel" required maxLength={30} autoComplete="tel" className={inputStyle} />
            </div>
          </div>
          <div>
            <label htmlFor="message" className={label}>
              Message
            </label>
            <textarea id="message" name="message" required maxLength={CONTACT_MESSAGE_MAX} rows={6} className={inputStyle} />
          </div>
          {/* Hidden from people; a bot that fills every field fills this one too. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="website">Website</label>
            <input id="website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          {actionData?.status === "error" ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {actionData.message}
            </p>
          ) : null}
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? (
              <>
                <span className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden="true" /> Sending...
              </>
            ) : (
              "Send Message"
            )}
          </button>
        </Form>
      </div>
      <aside className="grid content-start gap-4 rounded-2xl bg-brand-50 p-5 text-sm text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">Reach us directly</h2>
        <a href={`mailto:${SHOP_EMAIL}`} className="flex items-center gap-2 font-medium text-brand-800 hover:underline">
          <MailIcon className="h-4 w-4" /> {SHOP_EMAIL}
        </a>
        <a href={`tel:${SHOP_PHONE_DISPLAY.replace(/\s/g, "")}`} className="flex items-center gap-2 font-medium text-brand-800 hover:underline">
          <PhoneIcon className="h-4 w-4" /> {SHOP_PHONE_DISPLAY}
        </a>
        <p>Customer care is open 24/7. Our store is in Lagos; pick-up can be arranged.</p>
      </aside>
    </div>
  );
}
