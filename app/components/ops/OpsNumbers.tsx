/**
 * Rates and percentages on the back office's pages (/ops/rates, /ops/fx-requests, /ops/tariffs)
 * in the page's number format, as its amounts (`OpsMoney`) and the customer pages have them
 * (`formatRate`, lib/money.ts: every decimal as sent, "1,1704" and "0,2 %" in German). What staff
 * type into a form, and what the API answers, keep the plain dot.
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Fee } from "../../../server/api/v1/contract";
import { formatAmount, formatRate } from "~/lib/money";

/** A rate as the API gave it ("1.1704"), grouped for the page's language, read left to right. */
export function OpsRate({ rate }: { rate: string }) {
  const { i18n } = useTranslation();
  return <span dir="ltr">{formatRate(rate, i18n.language)}</span>;
}

/** An amount of a fee's rule with the decimals it was set with, as `OpsMoney` shows amounts ("1,234.5"). */
function feeAmount(value: string, lng: string): string {
  return formatAmount(value, value.split(".")[1]?.length ?? 0, lng);
}

/**
 * A fee's amount in words for the back office's tariff tables: "1.50 EUR" (fixed; the payment's
 * currency when it has none), or "0.2 %, at least 1, at most 50" (percent), in the page's number
 * format (de: "0,2 %, mindestens 1, …").
 * @param t the `ops` namespace's translate function
 * @param lng the page's language
 */
export function feeAmountText(f: Fee, t: TFunction, lng: string): string {
  return f.feeAmountType === "FIXED"
    ? `${f.feeFixedAmount ? feeAmount(f.feeFixedAmount, lng) : f.feeFixedAmount} ${f.feeCurrencyId ?? t("admin.tariffs.payment-currency")}`
    : [
        `${formatRate(f.feePercentAmount ?? "0", lng)} %`,
        f.feePercentMinAmount ? t("admin.tariffs.min", { amount: feeAmount(f.feePercentMinAmount, lng) }) : null,
        f.feePercentMaxAmount ? t("admin.tariffs.max", { amount: feeAmount(f.feePercentMaxAmount, lng) }) : null,
      ]
        .filter(Boolean)
        .join(", ");
}
