/**
 * Where a saved beneficiary is paid and how its status badge looks: the two beneficiary helpers
 * the home page needs, apart from the form rules of ./beneficiaries.ts so that /home's first-load
 * JavaScript does not carry them (issue 5: every page within 120 KB gzip).
 */
import type { Beneficiary, BeneficiaryStatus } from "../../server/api/v1/contract";

/**
 * The payment form that pays a saved beneficiary, with `?beneficiary=<id>` (the form fills the
 * payee from it): LOCAL by currency (euro, gbp, usd), INTERNATIONAL → SWIFT form, INTERNAL →
 * the internal form (looked up by phone), crypto-asset, cash over the counter.
 */
export function payHref(b: Pick<Beneficiary, "id" | "paymentType" | "currencyId" | "phone">): string {
  const q = `beneficiary=${encodeURIComponent(b.id)}`;
  switch (b.paymentType) {
    case "LOCAL":
      if (b.currencyId === "EUR") return `/payments/euro?${q}`;
      if (b.currencyId === "GBP") return `/payments/gbp/form?${q}`;
      return `/payments/usd/form?${q}`;
    case "INTERNATIONAL":
      return `/payments/international/form?${q}`;
    case "INTERNAL":
      return `/payments/internal/form?phone=${encodeURIComponent(b.phone ?? "")}&${q}`;
    case "CRYPTO_ASSET_PAYMENT":
      return `/payments/casp/form?${q}`;
    case "CASH_OVER_COUNTER":
      return `/payments/cash-over/form?${q}`;
  }
}

/** Badge look of a status (spec 000 §4: DRAFT and UNDER_REVIEW pending-style). */
export function statusTone(status: BeneficiaryStatus): "pending" | "rejected" | "approved" {
  if (status === "APPROVED") return "approved";
  if (status === "REJECTED") return "rejected";
  return "pending";
}
