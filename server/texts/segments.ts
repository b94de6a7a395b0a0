// How many SMS a text costs (issue 28): GSM 03.38's 7-bit alphabet fits 160 characters in one
// message and 153 in each part of a longer one; a single character outside it (₦, an emoji, curly
// quotes) sends the whole text as UCS-2, 70 and 67. Termii bills each part.

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Sent as an escape and the character: two places each. */
const GSM_EXTENDED = "^{}\\[~]|€\f";

export interface SmsSize {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the encoding counts them. */
  units: number;
  segments: number;
}

export function smsSize(text: string): SmsSize {
  let units = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) units += 1;
    else if (GSM_EXTENDED.includes(char)) units += 2;
    else return ucs2(text);
  }
  return { encoding: "GSM-7", units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
}

function ucs2(text: string): SmsSize {
  // UTF-16 code units: an emoji takes two.
  const units = text.length;
  return { encoding: "UCS-2", units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
