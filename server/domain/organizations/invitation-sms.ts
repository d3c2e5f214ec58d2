/**
 * The SMS that tells a person a main representative added them as a company user (spec 001 §6
 * "Company official"; docs/decisions.md "Company users and agreements"). Sent once, when the
 * invitation is made (`addCompanyOfficial`), by SMS to the phone the main representative entered,
 * in the language of the request that made it (the invitee's own is not known, and asking would
 * tell whether the phone is a customer's).
 *
 * What it says, and what it does not:
 * - the company's registered name (the organization's, never text the inviter typed: the SMS
 *   cannot be used to send someone arbitrary words) and what to do: log in with this phone
 *   number, or open an account first;
 * - no link (customers are taught that the bank's messages carry none), no names of the inviter
 *   or the invitee, nothing about whether the phone is already a customer's.
 * How many can be sent is bounded by the invitations themselves: at most MAX_OFFICIALS per
 * organization, each sent once (a reactivated invitation sends nothing).
 */
import type { SmsProvider } from "../../providers/sms.js";
import type { Language } from "../language.js";

/** Left-to-right isolate (UAX #9) for a company name inside an Arabic sentence. */
const ltr = (value: string) => `\u2066${value}\u2069`;

/** The invitation's words per language: `company` is the organization's registered name. */
export const INVITATION_TEXTS: Readonly<Record<Language, (company: string) => string>> = {
  en: (company) =>
    `${company} has added you as a user of its account at the bank. To accept, log in with this phone number; if you are not a customer yet, open an account first. We never ask for your codes.`,
  de: (company) =>
    `${company} hat Sie als Nutzer ihres Kontos bei der Bank hinzugefügt. Melden Sie sich zum Annehmen mit dieser Telefonnummer an; sind Sie noch kein Kunde, eröffnen Sie zuerst ein Konto. Wir fragen nie nach Ihren Codes.`,
  ar: (company) =>
    `أضافتك ${ltr(company)} مستخدمًا لحسابها لدى البنك. للقبول، سجّل الدخول برقم الهاتف هذا؛ وإن لم تكن عميلًا بعد فافتح حسابًا أولًا. لن نطلب منك رموزك أبدًا.`,
};

/**
 * Send the invitation SMS, best effort: the invitation stands whether or not it is delivered
 * (the main representative can tell the person themselves), so a refused message is reported,
 * not thrown.
 * @param sms the message provider
 * @param invite `phone` E.164, `company` the organization's registered name, `language` of the request
 * @returns null when the provider accepted it, else the provider's error
 */
export async function sendInvitationSms(
  sms: SmsProvider,
  invite: { phone: string; company: string; language: Language },
): Promise<unknown> {
  try {
    await sms.send({ to: invite.phone, channel: "SMS", text: INVITATION_TEXTS[invite.language](invite.company) });
    return null;
  } catch (error) {
    return error ?? new Error("SMS refused");
  }
}
