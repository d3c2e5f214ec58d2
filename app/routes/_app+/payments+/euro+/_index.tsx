/**
 * /payments/euro — euro payment (spec 000 §2): from-account limited to EUR balances,
 * beneficiary name, IBAN, BIC, purpose and category (optional), amount (spec §5), reference.
 * The kind (`?kind=`: SEPA_SCT by default, SEPA_SCT_INST, TARGET_2) is chosen on
 * /payments/euro/payment-kinds and sent as `paymentType`. Creates the payment with an
 * Idempotency-Key, then sends the signing code and goes to the signing page; what was typed is
 * kept as the "euro" draft. An accounts list the API refuses shows its error where the "From
 * account" choices would be (lib/list-errors.server), the rest of the form as usual; the payment
 * cannot be sent without them.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources } from "~/lib/balance-sources";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { skipDraftRevalidation } from "~/lib/drafts";
import { SEPA_KIND_TYPES } from "~/lib/payment-options";
import { settleList } from "~/lib/list-errors.server";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
import type { ProviderPaymentTypeCode } from "../../../../../server/api/v1/contract";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { FIELDS, Screen, validator, type EuroKind } from "./__euro.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:euro.title" };

export { validator };

export const shouldRevalidate = skipDraftRevalidation;

/** A euro kind from the query or a draft, when it is one of the three; else null. */
function euroKind(value: string | null | undefined): EuroKind | null {
  return value && SEPA_KIND_TYPES.includes(value as ProviderPaymentTypeCode) ? (value as EuroKind) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const [accounts, form, saved] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    paymentFormData(api, request, "euro", org.id, releasedPayment(request)),
    beneficiaryChoice(api, org.id, request, "LOCAL", "EUR"),
  ]);
  const sources = balanceSources(accounts.data ?? [], "EUR");
  // The kind chosen on /payments/euro/payment-kinds, else the draft's, else SEPA credit transfer.
  const kind = euroKind(new URL(request.url).searchParams.get("kind")) ?? euroKind(form.draft?.paymentType) ?? "SEPA_SCT";
  // A picked beneficiary's details fill the form (over a draft's).
  const prefill = saved.chosen
    ? valuesFromBeneficiary(saved.chosen, { beneficiaryName: "name", iban: "iban", bic: "bic" })
    : null;
  return json(
    { sources, sourcesError: accounts.error, kind, ...form, saved, prefill },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "euro", validator, FIELDS, (d, organizationId) => ({
    organizationId,
    kind: "EURO",
    paymentType: d.paymentType,
    accountId: d.accountId,
    currencyId: "EUR",
    amount: d.amount,
    beneficiaryName: d.beneficiaryName,
    iban: d.iban,
    bic: d.bic,
    purpose: d.purpose,
    categoryId: d.categoryId,
    reference: d.reference,
  }));
}

export default splitScreen(Screen, () => import("./__euro.screen"));

export const ErrorBoundary = RouteErrorBoundary;
