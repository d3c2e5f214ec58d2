/**
 * The notifications staff decisions and payments post to the customer's NOTIFICATION channel
 * (issue 11; spec 000 §3 Notification; docs/chat.md "The other side"). Each is posted right after
 * the decision's transaction has committed, by the domain function that decides
 * (`notifyQuietly`: a failure to notify never turns a committed decision into an error).
 *
 * Every notification carries plain English `content` (markdown, values escaped so a payee name
 * cannot add links or emphasis) AND a translation `key` with its `params`, so the web app can show
 * its own wording (locale namespace "Notifications"):
 *
 * | key                                        | params                              |
 * |--------------------------------------------|-------------------------------------|
 * | Notifications.beneficiary-approved         | name                                |
 * | Notifications.beneficiary-rejected         | name, reason                        |
 * | Notifications.contract-approved            | name                                |
 * | Notifications.contract-rejected            | name, reason                        |
 * | Notifications.application-approved         | (none)                              |
 * | Notifications.application-declined         | reason                              |
 * | Notifications.remittance-status            | sum, currency, payee, status, reason? |
 * | Notifications.remittance-declined          | sum, currency, payee                |
 * | Notifications.fx-request-accepted          | sum, currency, toSum, toCurrency    |
 * | Notifications.fx-request-rejected          | sum, currency, toCurrency, reason   |
 * | Notifications.fx-request-declined          | sum, currency, toCurrency           |
 * | Notifications.payment-completed            | amount, currency, payee             |
 * | Notifications.payment-declined             | amount, currency, payee             |
 * | Notifications.payment-rejected             | amount, currency, payee, reason     |
 * | Notifications.payment-refunded             | amount, currency, payee, reason     |
 * | Notifications.incoming-payment             | amount, currency, payer             |
 * | Notifications.card-issued                  | name, last4                         |
 * | Notifications.card-activated               | name, last4                         |
 * | Notifications.card-canceled                | name                                |
 * | Notifications.card-voided                  | name, last4                         |
 * | Notifications.phone-changed                | name, last4                         |
 */
import type { Database, Tx } from "../../db/client.js";
import { notifyQuietly, type ChatOwner } from "./index.js";

/** Markdown-escape a value typed by someone (a name, a reason) for the content text. */
export function escapeMarkdown(value: string): string {
  // On one line: a line break in a name would start a paragraph or list of its own.
  return value.replace(/\s+/g, " ").replace(/[\\`*_[\]()<>|~!]/g, (c) => `\\${c}`);
}

type Notice = { content: string; key: string; params: Record<string, string> };

function notice(key: string, params: Record<string, string>, text: (p: Record<string, string>) => string): Notice {
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeMarkdown(v)]));
  return { key: `Notifications.${key}`, params, content: text(escaped) };
}

/** Beneficiary approved or rejected (beneficiaries `approveBeneficiary` / `rejectBeneficiary`). */
export function notifyBeneficiaryDecision(
  db: Database | Tx,
  b: { organizationId: string; name: string; status: string; rejectionReason?: string | null },
): Promise<void> {
  const n =
    b.status === "APPROVED"
      ? notice("beneficiary-approved", { name: b.name }, (p) => `Beneficiary ${p.name} was approved: you can now pay them.`)
      : notice(
          "beneficiary-rejected",
          { name: b.name, reason: b.rejectionReason ?? "" },
          (p) => `Beneficiary ${p.name} was rejected. Reason: ${p.reason}`,
        );
  return notifyQuietly(db, { organizationId: b.organizationId }, n);
}

/** Contract approved or rejected (beneficiaries `approveContract` / `rejectContract`). */
export function notifyContractDecision(
  db: Database | Tx,
  c: { organizationId: string; name: string; status: string; rejectionReason?: string | null },
): Promise<void> {
  const n =
    c.status === "APPROVED"
      ? notice("contract-approved", { name: c.name }, (p) => `Contract ${p.name} was approved.`)
      : notice(
          "contract-rejected",
          { name: c.name, reason: c.rejectionReason ?? "" },
          (p) => `Contract ${p.name} was rejected. Reason: ${p.reason}`,
        );
  return notifyQuietly(db, { organizationId: c.organizationId }, n);
}

/**
 * Application approved (to the organization it opened) or declined (to the applicant's own
 * notifications: an applicant has no organization).
 */
export function notifyApplicationDecision(
  db: Database | Tx,
  a: { status: string; organizationId?: string | null; userId: string; declineReason?: string | null },
): Promise<void> {
  if (a.status === "ACCEPTED" && a.organizationId)
    return notifyQuietly(
      db,
      { organizationId: a.organizationId },
      notice("application-approved", {}, () => "Your application was approved: your account is open."),
    );
  const owner: ChatOwner = { userId: a.userId };
  return notifyQuietly(
    db,
    owner,
    notice(
      "application-declined",
      { reason: a.declineReason ?? "" },
      (p) => `Your application was declined. Reason: ${p.reason}`,
    ),
  );
}

/** A remittance order moved along (remittance `advanceRemittanceOrder`). */
export function notifyRemittanceStatus(
  db: Database | Tx,
  o: {
    organizationId: string;
    sum: string;
    currencyId: string;
    payee: { name: string };
    status: string;
    rejectionReason?: string | null;
  },
): Promise<void> {
  const params: Record<string, string> = { sum: o.sum, currency: o.currencyId, payee: o.payee.name, status: o.status };
  if (o.rejectionReason) params.reason = o.rejectionReason;
  return notifyQuietly(
    db,
    { organizationId: o.organizationId },
    notice(
      "remittance-status",
      params,
      (p) =>
        `Remittance order of ${p.sum} ${p.currency} to ${p.payee} is now ${p.status}.${p.reason ? ` Reason: ${p.reason}` : ""}`,
    ),
  );
}

/**
 * A remittance order declined unsigned by a member (remittance `declineRemittanceOrder`): the
 * organization's signers learn that the order they were asked to sign is gone, as for a declined
 * payment or FX request.
 */
export function notifyRemittanceDeclined(
  db: Database | Tx,
  o: { organizationId: string; sum: string; currencyId: string; payee: { name: string } },
): Promise<void> {
  return notifyQuietly(
    db,
    { organizationId: o.organizationId },
    notice(
      "remittance-declined",
      { sum: o.sum, currency: o.currencyId, payee: o.payee.name },
      (p) => `The remittance order of ${p.sum} ${p.currency} to ${p.payee} was declined before it was signed.`,
    ),
  );
}

/**
 * An FX rate request accepted or rejected by the bank (exchange `decideFxRequest`), or declined
 * unsigned by a member of the organization (`declineFxRequest`, status DECLINED: the others learn
 * that it will not be signed, as for a declined payment).
 */
export function notifyFxDecision(
  db: Database | Tx,
  r: {
    organizationId: string;
    status: string;
    exchangeCurrencyFrom: { id: string };
    exchangeCurrencyTo: { id: string };
    exchangeCurrencyFixedSum: string;
    exchangeCurrencyFlexibleSum: string;
    decisionReason?: string | null;
  },
): Promise<void> {
  const base = { sum: r.exchangeCurrencyFixedSum, currency: r.exchangeCurrencyFrom.id, toCurrency: r.exchangeCurrencyTo.id };
  const n =
    r.status === "ACCEPTED"
      ? notice(
          "fx-request-accepted",
          { ...base, toSum: r.exchangeCurrencyFlexibleSum },
          (p) => `Your FX rate request was accepted: ${p.sum} ${p.currency} exchanged for ${p.toSum} ${p.toCurrency}.`,
        )
      : r.status === "DECLINED"
        ? notice(
            "fx-request-declined",
            base,
            (p) => `The FX rate request of ${p.sum} ${p.currency} to ${p.toCurrency} was declined before it was signed.`,
          )
        : notice(
            "fx-request-rejected",
            { ...base, reason: r.decisionReason ?? "" },
            (p) => `Your FX rate request of ${p.sum} ${p.currency} to ${p.toCurrency} was rejected. Reason: ${p.reason}`,
          );
  return notifyQuietly(db, { organizationId: r.organizationId }, n);
}

/** A payment signed and completed, or declined (signing `signPayment`, payments `declinePayment`). */
export function notifyPaymentOutcome(
  db: Database | Tx,
  p: { organizationId: string; amount: string; currencyId: string; benificiaryFullName: string; status: string },
): Promise<void> {
  const params = { amount: p.amount, currency: p.currencyId, payee: p.benificiaryFullName };
  const n =
    p.status === "COMPLETED"
      ? notice("payment-completed", params, (v) => `Payment of ${v.amount} ${v.currency} to ${v.payee} was signed and completed.`)
      : notice("payment-declined", params, (v) => `Payment of ${v.amount} ${v.currency} to ${v.payee} was declined.`);
  return notifyQuietly(db, { organizationId: p.organizationId }, n);
}

/** A payment on an external rail rejected or refunded by staff (payments settlement.ts). */
export function notifyPaymentReturned(
  db: Database | Tx,
  p: {
    organizationId: string;
    amount: string;
    currencyId: string;
    benificiaryFullName: string;
    settlement: { status: string; reason: string | null };
  },
): Promise<void> {
  const params = { amount: p.amount, currency: p.currencyId, payee: p.benificiaryFullName, reason: p.settlement.reason ?? "" };
  const n =
    p.settlement.status === "REJECTED"
      ? notice(
          "payment-rejected",
          params,
          (v) =>
            `Payment of ${v.amount} ${v.currency} to ${v.payee} was rejected and the money returned to your account. Reason: ${v.reason}`,
        )
      : notice(
          "payment-refunded",
          params,
          (v) => `Payment of ${v.amount} ${v.currency} to ${v.payee} was refunded to your account. Reason: ${v.reason}`,
        );
  return notifyQuietly(db, { organizationId: p.organizationId }, n);
}

/** An incoming payment posted by staff to a customer balance (payments settlement.ts). */
export function notifyIncomingPayment(
  db: Database | Tx,
  p: { organizationId: string; amount: string; currencyId: string; payerName: string },
): Promise<void> {
  return notifyQuietly(
    db,
    { organizationId: p.organizationId },
    notice(
      "incoming-payment",
      { amount: p.amount, currency: p.currencyId, payer: p.payerName },
      (v) => `You received ${v.amount} ${v.currency} from ${v.payer}.`,
    ),
  );
}

/** A card issued, activated, canceled or voided by the bank (ops cards.ts). */
export function notifyCardStatus(
  db: Database | Tx,
  c: { organizationId: string; cardName: string; lastFour: string | null; status: string },
): Promise<void> {
  const params = { name: c.cardName, last4: c.lastFour ?? "" };
  const n =
    c.status === "NEW"
      ? notice("card-issued", params, (v) => `Your card ${v.name} ending ${v.last4} was issued and is on its way.`)
      : c.status === "ACTIVE"
        ? notice("card-activated", params, (v) => `Your card ${v.name} ending ${v.last4} is active: you can use it now.`)
        : c.status === "CANCELED"
          ? notice("card-canceled", { name: c.cardName }, (v) => `Your card ${v.name} was canceled.`)
          : notice("card-voided", params, (v) => `Your card ${v.name} ending ${v.last4} no longer works (void).`);
  return notifyQuietly(db, { organizationId: c.organizationId }, n);
}

/**
 * A user's phone number changed by the bank (users `changeUserPhone`): told in each organization
 * of the user, or in the user's own chat when they have none yet (an applicant), so the customer
 * (and a company's other officials) notice a change nobody asked for.
 */
export function notifyPhoneChanged(db: Database | Tx, owner: ChatOwner, p: { name: string; last4: string }): Promise<void> {
  return notifyQuietly(
    db,
    owner,
    notice(
      "phone-changed",
      p,
      (v) =>
        `The phone number of ${v.name} was changed to a number ending ${v.last4}. If nobody asked for this, contact us at once.`,
    ),
  );
}
