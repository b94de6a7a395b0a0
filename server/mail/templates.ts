import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "../../common/constants";

// The shop's e-mails: one branded frame, HTML with inline styles (mail clients ignore <style>)
// and a plain-text twin. Every link is absolute, built from PUBLIC_URL.

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Letter {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  closing?: string;
}

function render({ subject, greetingName, paragraphs, action, closing }: Letter): MailContent {
  const name = greetingName.trim() || "there";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#1e3a8a;padding:18px 24px;color:#ffffff;font-size:20px;font-weight:bold">${SHOP_NAME}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">
<p style="margin:0 0 16px">Hello ${escapeHtml(name)},</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#f59e0b;color:#0f172a;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ""
}
${closing ? `<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(closing)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${SHOP_NAME}, Lagos · ${SHOP_EMAIL} · ${SHOP_PHONE_DISPLAY}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `Hello ${name},`,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(closing ? [closing, ""] : []),
    `${SHOP_NAME}, Lagos · ${SHOP_EMAIL} · ${SHOP_PHONE_DISPLAY}`,
  ].join("\n");
  return { subject, html, text };
}

export function verificationMail(fullName: string, url: string): MailContent {
  return render({
    subject: `Verify your email address for ${SHOP_NAME}`,
    greetingName: fullName,
    paragraphs: [`Thank you for registering with ${SHOP_NAME}. Please confirm that this is your email address to finish setting up your account.`],
    action: { label: "Verify my email", url },
    closing: "This link works once and expires in 24 hours. If you did not register, you can ignore this email.",
  });
}

export function passwordResetMail(fullName: string, url: string): MailContent {
  return render({
    subject: `Reset your ${SHOP_NAME} password`,
    greetingName: fullName,
    paragraphs: ["We received a request to reset the password of your account. Choose a new password with the button below."],
    action: { label: "Reset my password", url },
    closing: "This link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

export function passwordChangedMail(fullName: string, loginUrl: string): MailContent {
  return render({
    subject: `Your ${SHOP_NAME} password was changed`,
    greetingName: fullName,
    paragraphs: [
      "The password of your account has just been changed, and every device that was signed in has been signed out.",
      `If this was not you, reset your password at once and contact us at ${SHOP_EMAIL} or ${SHOP_PHONE_DISPLAY}.`,
    ],
    action: { label: "Log in", url: loginUrl },
  });
}
