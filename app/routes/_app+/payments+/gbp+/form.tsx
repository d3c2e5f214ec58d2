/**
 * /payments/gbp/form — pound payment (spec 000 §2, §3): Faster Payments or BACS from a GBP
 * balance to a UK sort code and account number. `?source=<accountId:GBP>&scheme=<type>` (from
 * /payments/gbp) pre-select the balance and the scheme when they are offered; anything else
 * leaves them unselected. The action creates the payment (GbpPaymentRequest) with the form's
 * idempotency key, sends the signing code and goes to the signing page (lib/payments.server.ts).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { parseSource } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
import { queryChoices, railOptions } from "../__rail-options.server";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { FIELDS, GBP_SCHEMES, Screen, validator } from "./__gbp.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:gbp.form-title" };

export const shouldRevalidate = skipDraftRevalidation;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const url = new URL(request.url);
  const [options, form, saved] = await Promise.all([
    // A refused accounts list or payments settings: its error where its choices would be.
    railOptions(request, api, org.id, "GBP", GBP_SCHEMES),
    paymentFormData(api, request, "gbp", org.id, releasedPayment(request)),
    beneficiaryChoice(api, org.id, request, "LOCAL", "GBP"),
  ]);
  // The chooser's explicit choice wins over a draft's; a picked beneficiary's details over both.
  const defaults: Record<string, string> = {
    ...(form.draft ?? {}),
    ...queryChoices(url, options),
    ...(saved.chosen
      ? valuesFromBeneficiary(saved.chosen, { beneficiaryName: "name", sortCode: "sortCode", accountNumber: "bankAccountNumber" })
      : {}),
  };
  return json({ ...options, ...form, defaults, saved }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "gbp", validator, FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "GBP",
      accountId: source.accountId,
      currencyId: "GBP",
      paymentType: d.paymentType,
      amount: d.amount,
      beneficiaryName: d.beneficiaryName,
      sortCode: d.sortCode,
      accountNumber: d.accountNumber,
      purpose: d.purpose,
      categoryId: d.categoryId,
      reference: d.reference,
    };
  });
}

export default splitScreen(Screen, () => import("./__gbp.screen"));

export const ErrorBoundary = RouteErrorBoundary;
