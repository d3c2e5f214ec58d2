/**
 * The words of every one-time code message (SMS or WhatsApp) in the bank's languages (English,
 * German, Arabic: `server/domain/language.ts`), chosen from the Accept-Language of the request that
 * asked for the code (the web app sends its page's language). The terms are the web app's own
 * (public/locales/<lang>/signing.json, remittance.json, exchange.json): de "freigeben",
 * "Geldtransfer", "Kursanfrage"; ar "توقيع", "تحويل", "أمر حوالة", "طلب سعر".
 *
 * A signature message names what the code authorises (PSD2 RTS Art. 5(1)(a): amount and payee,
 * or the count and the totals per currency for a set). Money is "EUR 120.00" in every language
 * (ISO code, then the amount with a point): the figures the customer checks are never re-formatted.
 * In Arabic, money and names are isolated left to right (U+2066 … U+2069, UAX #9) so the figures
 * keep their order inside the right-to-left sentence.
 */
import type { Language } from "../language.js";

/** How many items of each kind a set to sign holds. */
export interface SignCounts {
  payments: number;
  orders: number;
  fx: number;
}

/** The messages of one language. `money` values are already formatted ("EUR 120.00"). */
export interface CodeTexts {
  login: (code: string) => string;
  recovery: (code: string) => string;
  staffLogin: (code: string) => string;
  codeChannel: (code: string, channel: "SMS" | "WHATSAPP") => string;
  /** One payment. */
  pay: (code: string, money: string, payee: string) => string;
  /** One remittance order. */
  remit: (code: string, money: string, payee: string) => string;
  /** One FX rate request: sell `sell` for `buy`. */
  exchange: (code: string, sell: string, buy: string) => string;
  /** Several items: their counts and the totals per currency. */
  signSet: (code: string, counts: SignCounts, totals: string[]) => string;
}

const channelName = (c: "SMS" | "WHATSAPP") => (c === "WHATSAPP" ? "WhatsApp" : "SMS");

/** Each count above zero, in order payments, orders, FX requests, with its noun. */
function countParts(counts: SignCounts, noun: (kind: keyof SignCounts, n: number) => string): string[] {
  return (["payments", "orders", "fx"] as const).filter((k) => counts[k] > 0).map((k) => noun(k, counts[k]));
}

const EN: CodeTexts = {
  login: (code) => `Your bank login code is ${code}. Never share it.`,
  recovery: (code) => `Your bank code to set a new password is ${code}. Never share it.`,
  staffLogin: (code) => `Your bank back office code is ${code}. Never share it.`,
  codeChannel: (code, channel) => `Your bank code to receive codes by ${channelName(channel)} is ${code}. Never share it.`,
  pay: (code, money, payee) => `Code ${code} to pay ${money} to ${payee}. Never share this code.`,
  remit: (code, money, payee) => `Code ${code} to send a remittance order of ${money} to ${payee}. Never share this code.`,
  exchange: (code, sell, buy) => `Code ${code} to exchange ${sell} for ${buy} at your proposed rate. Never share this code.`,
  signSet: (code, counts, totals) => {
    const word = { payments: "payment", orders: "remittance order", fx: "FX rate request" };
    const parts = countParts(counts, (k, n) => `${n} ${word[k]}${n === 1 ? "" : "s"}`);
    return `Code ${code} to sign ${parts.join(" and ")}: ${totals.join(", ")} in total. Never share this code.`;
  },
};

const DE: CodeTexts = {
  login: (code) => `Ihr Anmeldecode für die Bank lautet ${code}. Geben Sie ihn niemals weiter.`,
  recovery: (code) => `Ihr Code für ein neues Passwort lautet ${code}. Geben Sie ihn niemals weiter.`,
  staffLogin: (code) => `Ihr Code für das Backoffice der Bank lautet ${code}. Geben Sie ihn niemals weiter.`,
  codeChannel: (code, channel) =>
    `Ihr Code, um Codes künftig per ${channelName(channel)} zu erhalten, lautet ${code}. Geben Sie ihn niemals weiter.`,
  pay: (code, money, payee) => `Code ${code}, um ${money} an ${payee} zu zahlen. Geben Sie diesen Code niemals weiter.`,
  remit: (code, money, payee) =>
    `Code ${code}, um einen Geldtransfer über ${money} an ${payee} zu senden. Geben Sie diesen Code niemals weiter.`,
  exchange: (code, sell, buy) =>
    `Code ${code}, um ${sell} zu Ihrem vorgeschlagenen Kurs in ${buy} zu tauschen. Geben Sie diesen Code niemals weiter.`,
  signSet: (code, counts, totals) => {
    const word = {
      payments: ["Zahlung", "Zahlungen"],
      orders: ["Geldtransfer", "Geldtransfers"],
      fx: ["Kursanfrage", "Kursanfragen"],
    };
    const parts = countParts(counts, (k, n) => `${n} ${word[k][n === 1 ? 0 : 1]}`);
    return `Code ${code}, um ${parts.join(" und ")} freizugeben: insgesamt ${totals.join(", ")}. Geben Sie diesen Code niemals weiter.`;
  },
};

/** Left-to-right isolate (UAX #9) for money and names inside Arabic text. */
const ltr = (value: string) => `\u2066${value}\u2069`;

const AR: CodeTexts = {
  login: (code) => `رمز الدخول إلى البنك هو ${ltr(code)}. لا تشاركه مع أحد.`,
  recovery: (code) => `رمز تعيين كلمة مرور جديدة هو ${ltr(code)}. لا تشاركه مع أحد.`,
  staffLogin: (code) => `رمز الدخول إلى المكتب الخلفي للبنك هو ${ltr(code)}. لا تشاركه مع أحد.`,
  codeChannel: (code, channel) => `رمز استلام الرموز عبر ${ltr(channelName(channel))} هو ${ltr(code)}. لا تشاركه مع أحد.`,
  pay: (code, money, payee) => `الرمز ${ltr(code)} لدفع ${ltr(money)} إلى ${ltr(payee)}. لا تشارك هذا الرمز مع أحد.`,
  remit: (code, money, payee) =>
    `الرمز ${ltr(code)} لإرسال أمر حوالة بمبلغ ${ltr(money)} إلى ${ltr(payee)}. لا تشارك هذا الرمز مع أحد.`,
  exchange: (code, sell, buy) =>
    `الرمز ${ltr(code)} لتحويل ${ltr(sell)} إلى ${ltr(buy)} بالسعر الذي اقترحته. لا تشارك هذا الرمز مع أحد.`,
  signSet: (code, counts, totals) => {
    const word = { payments: "تحويل", orders: "أمر حوالة", fx: "طلب سعر" };
    const parts = countParts(counts, (k, n) => `${n} ${word[k]}`);
    return `الرمز ${ltr(code)} لتوقيع ${parts.join(" و")}: الإجمالي ${totals.map(ltr).join("، ")}. لا تشارك هذا الرمز مع أحد.`;
  },
};

/** Every language's messages (the unit tests check that each covers every message). */
export const CODE_TEXTS: Readonly<Record<Language, CodeTexts>> = { en: EN, de: DE, ar: AR };

/** The messages of `lang` (English when absent). */
export function codeTexts(lang: Language = "en"): CodeTexts {
  return CODE_TEXTS[lang];
}
