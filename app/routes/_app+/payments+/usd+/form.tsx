/**
 * /payments/usd/form — USD payment by Fedwire (spec 000 §2, §3) from a USD balance to a US bank
 * account (ABA routing number + account number) with the beneficiary's address and a purpose.
 * `?source=<accountId:USD>` (from /payments/usd) pre-selects the balance when it is one of
 * the customer's USD balances; anything else leaves it unselected. The action creates the
 * payment (UsdPaymentRequest) with the form's idempotency key, sends the signing code and goes
 * to the signing page (lib/payments.server.ts).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { countryOptionsFor } from "~/lib/countries.server";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { parseSource } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
import { queryChoices, railOptions } from "../__rail-options.server";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { DEFAULT_COUNTRY, FIELDS, Screen, USD_SCHEMES, validator } from "./__usd.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:usd.form-title" };

export const shouldRevalidate = skipDraftRevalidation;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const url = new URL(request.url);
  const [options, form, saved, countries] = await Promise.all([
    // A refused accounts list or payments settings: its error where its choices would be.
    railOptions(request, api, org.id, "USD", USD_SCHEMES),
    paymentFormData(api, request, "usd", org.id, releasedPayment(request)),
    beneficiaryChoice(api, org.id, request, "LOCAL", "USD"),
    countryOptionsFor(request),
  ]);
  // The chooser's explicit choice wins over a draft's; a picked beneficiary's details over both.
  const { source } = queryChoices(url, options);
  const defaults: Record<string, string> = {
    countryId: DEFAULT_COUNTRY,
    ...(form.draft ?? {}),
    ...(source ? { source } : {}),
    ...(saved.chosen
      ? valuesFromBeneficiary(saved.chosen, {
          beneficiaryName: "name",
          aba: "aba",
          accountNumber: "bankAccountNumber",
          address: "address",
          city: "city",
          postCode: "postCode",
          countryId: "countryId",
        })
      : {}),
  };
  return json(
    { ...options, ...form, defaults, saved, countries },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "usd", validator, FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "USD",
      accountId: source.accountId,
      currencyId: "USD",
      paymentType: d.paymentType,
      amount: d.amount,
      beneficiaryName: d.beneficiaryName,
      aba: d.aba,
      accountNumber: d.accountNumber,
      address: d.address,
      city: d.city,
      postCode: d.postCode,
      countryId: d.countryId,
      purpose: d.purpose,
      categoryId: d.categoryId,
      reference: d.reference,
    };
  });
}

export default splitScreen(Screen, () => import("./__usd.screen"));

export const ErrorBoundary = RouteErrorBoundary;
