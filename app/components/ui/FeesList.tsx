/**
 * The fees an organization pays (home fees tab; spec 001 §2 "fees tab shows a count", §3 Fee: a
 * fee is shown as its amount and currency): its custom fees first (they take precedence), then
 * its tariff's, leaving out those a custom fee replaces (`superseded`: never charged to it), in
 * the list and in the count. Each fee: its name, the payments it applies to (scheme and currency, translated
 * from codes) and what it charges — FIXED: the amount; PERCENT: the rate with its minimum and
 * maximum (in the payment's currency when the fee names none). Monthly fees still owed come
 * first, with what funds them.
 */
import { useTranslation } from "react-i18next";
import type { Fee, OrganizationFees, TariffFee } from "../../../server/api/v1/contract";
import { formatAmount, formatRate } from "~/lib/money";
import { Money } from "./Money";
import styles from "./FeesList.module.css";

/** A decimal string without trailing zeros after the point ("0.20" → "0.2"); amounts only. */
function trimmed(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

function Charge({ fee }: { fee: Fee }) {
  const { t, i18n } = useTranslation("payments");
  const currency = fee.feeCurrencyId ?? fee.currencyId;
  const amount = (value: string) =>
    currency ? (
      <Money amount={value} currency={currency} />
    ) : (
      <span>{formatAmount(value, Math.max(2, decimals(value)), i18n.language)}</span>
    );
  if (fee.feeAmountType === "FIXED") return fee.feeFixedAmount ? amount(fee.feeFixedAmount) : null;
  return (
    <>
      <span data-testid="fee-percent">
        {t("fees.percent", { rate: formatRate(trimmed(fee.feePercentAmount ?? "0"), i18n.language) })}
      </span>
      {fee.feePercentMinAmount ? (
        <>
          {", "}
          {t("fees.min")} {amount(fee.feePercentMinAmount)}
        </>
      ) : null}
      {fee.feePercentMaxAmount ? (
        <>
          {", "}
          {t("fees.max")} {amount(fee.feePercentMaxAmount)}
        </>
      ) : null}
      {!currency && (fee.feePercentMinAmount || fee.feePercentMaxAmount) ? <> {t("fees.in-payment-currency")}</> : null}
    </>
  );
}

function decimals(value: string): number {
  return value.includes(".") ? value.length - value.indexOf(".") - 1 : 0;
}

/**
 * A fee's name in the reader's language: the bank's own names by their stable code
 * (`payments:fees.names.<nameCode>`, server/domain/fees/names.ts), the stored name as the
 * fallback; a name staff typed (no code) as stored.
 */
export function feeDisplayName(
  fee: Pick<Fee, "name" | "nameCode" | "currencyId">,
  t: (key: string, options: { defaultValue: string; currency: string | null }) => string,
): string {
  return fee.nameCode ? t(`fees.names.${fee.nameCode}`, { defaultValue: fee.name, currency: fee.currencyId }) : fee.name;
}

function FeeItem({ fee, custom }: { fee: Fee; custom: boolean }) {
  const { t } = useTranslation("payments");
  const scheme = fee.paymentType
    ? t(`schemes.${fee.paymentType}`, { defaultValue: fee.paymentType })
    : t(`fees.kind.${fee.paymentKind}`);
  return (
    <li className={styles.fee} data-testid="fee">
      <span className={styles.name}>{feeDisplayName(fee, t)}</span>
      {custom ? <span className={styles.custom}>{t("fees.custom")}</span> : null}
      <span className={styles.applies}>
        {fee.paymentKind === "SERVICE"
          ? t("fees.monthly")
          : fee.currencyId
            ? t("fees.applies-currency", { scheme, currency: fee.currencyId })
            : t("fees.applies", { scheme })}
      </span>
      <span className={styles.charge}>
        <Charge fee={fee} />
      </span>
    </li>
  );
}

/** The tariff's fees the organization pays: those no custom fee replaces. */
function tariffFeesInForce(fees: OrganizationFees): TariffFee[] {
  return fees.tariff?.fees.filter((fee) => !fee.superseded) ?? [];
}

/** The fees list; `fees` from GET /v1/clients-organizations/:id/fees. */
export function FeesList({ fees }: { fees: OrganizationFees }) {
  const { t } = useTranslation("payments");
  const tariffFees = tariffFeesInForce(fees);
  if (fees.customFees.length + tariffFees.length === 0) return <p>{t("fees.none")}</p>;
  return (
    <div data-testid="home-fees">
      {fees.owed.length ? (
        <div className={styles.owed} role="note" data-testid="fees-owed">
          <p>{t("fees.owed-intro")}</p>
          <ul>
            {fees.owed.map((o) => (
              <li key={`${o.month}-${o.currencyId}`}>
                {t("fees.owed-item", { month: o.month })} <Money amount={o.amount} currency={o.currencyId} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {fees.tariff ? <p>{t("fees.tariff", { name: fees.tariff.name })}</p> : null}
      <ul className={styles.list}>
        {fees.customFees.map((fee) => (
          <FeeItem key={fee.feeId} fee={fee} custom />
        ))}
        {tariffFees.map((fee) => (
          <FeeItem key={fee.feeId} fee={fee} custom={false} />
        ))}
      </ul>
      <p className={styles.note}>{t("fees.free-note")}</p>
    </div>
  );
}

/** How many fees the tab's count shows: the ones listed (custom, and the tariff's not replaced). */
export function feesCount(fees: OrganizationFees | null): number {
  return fees ? fees.customFees.length + tariffFeesInForce(fees).length : 0;
}
