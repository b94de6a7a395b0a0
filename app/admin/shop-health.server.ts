import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { readableLagosTime } from "~/common/lagos-time";
import { formatNairaTotal } from "~/common/money";
import type { SignedInAccount } from "~/server/accounts/sessions";
import { markIncidentResolved, shopHealth, sendMailAgain, TRANSFER_WAIT_MS } from "~/server/admin/shop-health";
import { MISSED_INTERVALS } from "~/server/background";
import { isOwner } from "~/server/admin/staff";
import { messages } from "~/common/messages";
import { adminOrderPath } from "~/common/panels";
import type { FormResult } from "../forms";

// The Shop health panel (ADMIN_PANELS.shopHealth, owners only; issue 27): the shop's figures in
// words, and what needs a person, each with its order; a mail that failed can be sent again.

const minutes = (ms: number) => Math.round(ms / 60_000);
const when = (at: Date | null) => (at ? readableLagosTime(at) : "never");

export async function shopHealthPanelData(account: SignedInAccount, context: AppLoadContext) {
  if (!isOwner(account)) return { ownersOnly: true as const };
  const health = await shopHealth(context.db);
  const { state } = health;
  return {
    ownersOnly: false as const,
    summary: [
      `${state.outbox.pending} e-mail${state.outbox.pending === 1 ? "" : "s"} waiting to be sent` +
        (state.outbox.pending ? `, the oldest for ${minutes(state.outbox.oldestPendingSeconds * 1000)} min` : ""),
      `${state.outbox.failed} e-mail${state.outbox.failed === 1 ? "" : "s"} given up on`,
      `${state.refunds.pending} refund${state.refunds.pending === 1 ? "" : "s"} being sent, ${state.refunds.failed} refused`,
      `${state.paymentsAwaiting} transfer${state.paymentsAwaiting === 1 ? "" : "s"} on the way`,
      `Last backup: ${when(state.lastBackup)}`,
    ],
    incidents: health.incidents.map((i) => ({ id: i.id, subject: i.subject, path: i.subjectPath, detail: i.detail, since: when(i.openedAt) })),
    failedMail: health.failedMail.map((m) => ({ id: m.id, to: m.to, subject: m.subject, why: m.lastError ?? "", since: when(m.createdAt) })),
    failedRefunds: health.failedRefunds.map((r) => ({
      orderRef: r.orderRef,
      path: adminOrderPath(r.orderRef),
      amount: formatNairaTotal(r.amountKobo),
      why: r.lastError ?? "",
    })),
    awaited: health.awaited.map((p) => ({
      orderRef: p.orderRef,
      path: adminOrderPath(p.orderRef),
      amount: formatNairaTotal(p.amountKobo),
      since: when(p.since),
    })),
    disputes: health.disputes.map((d) => ({
      orderRef: d.orderRef,
      path: adminOrderPath(d.orderRef),
      amount: formatNairaTotal(d.totalKobo),
      due: when(d.dueAt),
    })),
    stoppedJobs: health.stoppedJobs.map((j) => ({
      job: j.job,
      lastSuccess: when(j.lastSuccessAt),
      every: `every ${minutes(j.intervalMs)} min`,
      why: j.lastError ?? "",
    })),
    transferWaitMinutes: minutes(TRANSFER_WAIT_MS),
    missedIntervals: MISSED_INTERVALS,
  };
}

const resendInput = z.object({ id: z.coerce.number().int().positive() });

/** "Mark resolved" on an open incident (owners only). */
export async function incidentAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return data<FormResult>({ status: "error", message: messages.ownersOnlyHealth }, { status: 403 });
  const input = resendInput.safeParse({ id: form.get("id") ?? undefined });
  if (!input.success) return data<FormResult>({ status: "error", message: messages.incidentIdInvalid }, { status: 400 });
  const where = { publicUrl: context.config.publicUrl, fallbackTo: context.config.shopOrdersEmail };
  const resolved = await markIncidentResolved(context.db, account.id, input.data.id, where);
  return data<FormResult>(resolved ? { status: "done", message: messages.incidentResolved } : { status: "error", message: messages.incidentNotOpen });
}

/** "Send again" on a mail that failed for good (owners only). */
export async function shopHealthAction(account: SignedInAccount, form: FormData, context: AppLoadContext) {
  if (!isOwner(account)) return data<FormResult>({ status: "error", message: messages.ownersOnlyHealth }, { status: 403 });
  const input = resendInput.safeParse({ id: form.get("id") ?? undefined });
  if (!input.success) return data<FormResult>({ status: "error", message: messages.mailIdInvalid }, { status: 400 });
  const moved = await sendMailAgain(context.db, input.data.id);
  return data<FormResult>(moved ? { status: "done", message: messages.mailSentAgain } : { status: "error", message: messages.mailNotFailed });
}
