/**
 * List of payments awaiting signature (spec 000 §2 home signing tab and the payments page's
 * 'required to sign' list; issue 7 "Signing lists"). Works without JavaScript:
 * - each row: a checkbox (`paymentId`) belonging to the batch form by its `form` attribute, and
 *   its own Sign form (posts to the signing page, which sends a code) and Decline link (the
 *   confirmation page /payments/decline with this one payment, as "Decline selected");
 * - the batch form (`UnsignedBatchForm`): "Sign selected" (POST /payments/sign, intent=start: one
 *   code for all of them) and "Decline selected" (POST /payments/decline, intent=confirm: a
 *   confirmation page first). The remittance orders and FX rate requests to sign listed on the
 *   same page (UnsignedRemittanceOrders, UnsignedFxRequests, `selectable`) tick into it too
 *   (`paymentOrderId`, `fxRequestId`; spec 000 §4 "Unsigned transactions can be signed or
 *   cancelled"): such a page renders the form itself after all the lists (`batchForm={false}`
 *   here), so it is there also when only orders or requests await a signature;
 * - cursor paging: `more` links to the next (older) page, `first` back to the newest.
 * An official whose signatureType is NONE (`canSign` false) gets an explanation instead of the
 * Sign buttons (spec 000 §4, §6); declining stays open to every member, as in the API.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Payment } from "../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { formatDate, formatTime } from "~/lib/dates";
import { batchQuery } from "~/lib/signing";
import { Button, buttonClass } from "./Button";
import { CannotSign } from "./CannotSign";
import { Money } from "./Money";
import styles from "./UnsignedPayments.module.css";
import { BATCH_FORM_ID } from "./FxRequestList";

export function UnsignedPayments({
  payments,
  returnTo,
  canSign = true,
  organizationName = "",
  more = null,
  first = null,
  batchForm = true,
}: {
  payments: Payment[];
  /** The list's own URL (without cursor): where declining comes back to. */
  returnTo: string;
  canSign?: boolean;
  organizationName?: string;
  /** Link to the next (older) page, when there is one. */
  more?: string | null;
  /** Link back to the first page, when this is not the first. */
  first?: string | null;
  /** Whether the batch form follows the list (false: the page renders `UnsignedBatchForm` itself). */
  batchForm?: boolean;
}) {
  const { t } = useTranslation(["payments", "signing"]);
  const firstLink = first ? (
    <p>
      <Link to={first}>{t("signing:list.first")}</Link>
    </p>
  ) : null;
  if (payments.length === 0)
    return (
      <>
        <p data-testid="unsigned-empty">{t("unsigned.empty")}</p>
        {firstLink}
      </>
    );
  return (
    <>
      {canSign ? null : <CannotSign organizationName={organizationName} />}
      <ul className={styles.list}>
        {payments.map((p) => (
          <li key={p.id} className={styles.item} data-testid="unsigned-payment">
            <label className={styles.select}>
              <input type="checkbox" name="paymentId" value={p.id} form={BATCH_FORM_ID} className={styles.checkbox} />
              <strong className={styles.payee}>{p.benificiaryFullName}</strong>
              <span className={styles.amount}>
                <Money amount={p.amount} currency={p.currencyId} />
              </span>
              {/* When it was made and its reference: two payments alike can be told apart. */}
              <span className={styles.meta} data-testid="unsigned-payment-meta">
                <time dateTime={p.createdAt}>
                  {formatDate(p.createdAt)} {formatTime(p.createdAt)}
                </time>
                {p.reference ? <bdi> · {p.reference}</bdi> : null}
              </span>
            </label>
            <div className={styles.actions}>
              {canSign ? (
                <Form method="post" action={`/payments/${p.id}/sign`}>
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="send" />
                  <Button type="submit" aria-label={t("unsigned.sign-label", { name: p.benificiaryFullName })}>
                    {t("unsigned.sign")}
                  </Button>
                </Form>
              ) : null}
              {/* Declining asks first, as for several (the confirmation page lists it with its amount). */}
              <Link
                to={`/payments/decline${batchQuery([p.id], returnTo)}`}
                className={buttonClass("danger")}
                aria-label={t("unsigned.decline-label", { name: p.benificiaryFullName })}
              >
                {t("unsigned.decline")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {batchForm ? <UnsignedBatchForm returnTo={returnTo} canSign={canSign} /> : null}
      {more ? (
        <p>
          <Link to={more} data-testid="unsigned-more">
            {t("signing:list.more")}
          </Link>
        </p>
      ) : null}
      {firstLink}
    </>
  );
}

/**
 * The batch form the lists' checkboxes belong to (`BATCH_FORM_ID`): "Sign selected" (for a member
 * who can sign) and "Decline selected" (every member).
 */
export function UnsignedBatchForm({ returnTo, canSign }: { returnTo: string; canSign: boolean }) {
  const { t } = useTranslation("signing");
  return (
    <Form id={BATCH_FORM_ID} method="post" action="/payments/sign" className={styles.batch}>
      <AuthenticityTokenInput />
      <input type="hidden" name="returnTo" value={returnTo} />
      <p className={styles.batchHint}>{t("list.hint")}</p>
      {canSign ? (
        <Button type="submit" name="intent" value="start">
          {t("list.sign-selected")}
        </Button>
      ) : null}
      <Button type="submit" variant="secondary" name="intent" value="confirm" formAction="/payments/decline">
        {t("list.decline-selected")}
      </Button>
    </Form>
  );
}
