/**
 * FX rate requests grouped by creation day (spec 001 §2 "grouped by creation date; headings
 * Today, or month and day, with the year when not the current year"), each with both sums, the
 * rate at 12 decimals (spec 001 §9; computed by the loader) and its status; a rejected one is
 * highlighted. Each links to its details page; with `onOpen` (JavaScript), a plain click calls it
 * instead, to show the details in the side panel. A request awaiting a signature (spec 000 §2, §4;
 * docs/decisions.md "Who may sign") carries, when `canSign` is given, a "Sign" link to its signing
 * page for a member who can sign, else the words that it waits for a signer. Used by
 * /currency-exchange/requests, the home "Requests" tab and the signing lists (UnsignedFxRequests,
 * where `selectable` adds an `fxRequestId` checkbox of the batch form to a request awaiting a
 * signature: signed or declined with the payments, spec 000 §4).
 * No form libraries (JS budget).
 */
import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DayGroup } from "~/lib/date-groups";
import type { FxRequestView } from "~/lib/fx-requests.server";
import { FxRequestStatus } from "./FxRequestStatus";
import { formatRate } from "~/lib/money";
import { Money } from "./Money";
import styles from "./FxRequestList.module.css";

/**
 * Id of the signing lists' batch form (UnsignedPayments `UnsignedBatchForm`): the checkboxes of the
 * payments, remittance orders and FX rate requests to sign belong to it by their `form` attribute
 * (one batch form per page). Kept here, where every page with the form loads it anyway (JS budget:
 * no chunk of its own).
 */
export const BATCH_FORM_ID = "unsigned-batch";

export function FxRequestList({
  groups,
  idPrefix,
  onOpen,
  canSign,
  selectable,
}: {
  groups: DayGroup<FxRequestView>[];
  idPrefix: string;
  onOpen?: (id: string) => void;
  /** Whether the member signs for the organization (lib/signing `canSign`); without it, no sign action. */
  canSign?: boolean;
  /** A checkbox of the batch form (`BATCH_FORM_ID`, `fxRequestId`) on each request awaiting a signature. */
  selectable?: boolean;
}) {
  const { t, i18n } = useTranslation(["exchange", "history"]);
  const open = (id: string) => (e: MouseEvent) => {
    if (!onOpen || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    onOpen(id);
  };
  return (
    <div data-testid="fx-requests">
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`${idPrefix}-${g.key}`}>
          <h3 id={`${idPrefix}-${g.key}`} className={styles.day} data-testid="fx-day">
            {g.label.kind === "today" ? t("history:today") : g.label.text}
          </h3>
          <ul className={styles.list}>
            {g.items.map((r) => (
              <li
                key={r.id}
                className={`${styles.item} ${r.status === "REJECTED" ? styles.rejected : ""}`}
                data-testid="fx-request"
                data-request-id={r.id}
              >
                {selectable && r.status === "AWAITING_SIGNATURE" ? (
                  <input
                    type="checkbox"
                    name="fxRequestId"
                    value={r.id}
                    form={BATCH_FORM_ID}
                    aria-label={t("exchange:requests.to-sign.select-label", {
                      amount: r.exchangeCurrencyFixedSum,
                      from: r.exchangeCurrencyFrom.id,
                      to: r.exchangeCurrencyTo.id,
                    })}
                  />
                ) : null}
                <Link to={`/currency-exchange/requests/${r.id}`} onClick={open(r.id)}>
                  {t("exchange:requests.pair", { from: r.exchangeCurrencyFrom.id, to: r.exchangeCurrencyTo.id })}
                </Link>
                <Money amount={r.exchangeCurrencyFixedSum} currency={r.exchangeCurrencyFrom.id} />
                <span aria-hidden="true" className={styles.arrow}>
                  →
                </span>
                <Money amount={r.exchangeCurrencyFlexibleSum} currency={r.exchangeCurrencyTo.id} />
                <span className={styles.rate} data-testid="fx-list-rate">
                  {t("exchange:details.rate-value", {
                    from: r.exchangeCurrencyFrom.id,
                    to: r.exchangeCurrencyTo.id,
                    rate: formatRate(r.listRate, i18n.language),
                  })}
                </span>
                <FxRequestStatus status={r.status} />
                {r.status === "AWAITING_SIGNATURE" && canSign !== undefined ? (
                  canSign ? (
                    <Link
                      to={`/currency-exchange/requests/${r.id}/sign`}
                      className={styles.sign}
                      data-testid="fx-sign"
                      aria-label={t("exchange:requests.to-sign.sign-label", {
                        amount: r.exchangeCurrencyFixedSum,
                        from: r.exchangeCurrencyFrom.id,
                        to: r.exchangeCurrencyTo.id,
                      })}
                    >
                      {t("exchange:requests.to-sign.sign")}
                    </Link>
                  ) : (
                    <span data-testid="fx-waits">{t("exchange:requests.to-sign.waits")}</span>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
