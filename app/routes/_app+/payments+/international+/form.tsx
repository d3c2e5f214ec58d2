/**
 * /payments/international/form — international (SWIFT) payment (spec 000 §2, §3 Beneficiary
 * fields): from a balance in a currency GET /v1/settings/payments offers with SWIFT (pre-selected
 * from ?source=<accountId:CUR>), the beneficiary (type, name, address), the bank (BIC, name,
 * address, country; IBAN or account number), an optional intermediary bank, purpose (required),
 * category, amount and reference. Drafts kept (spec 000 §4). Creates an INTERNATIONAL payment
 * (Idempotency-Key), sends the signing code and goes to the signing page (fee shown there).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Account, PaymentsSettings } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { countryOptionsFor } from "~/lib/countries.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { settleList } from "~/lib/list-errors.server";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { FIELDS, internationalValidator, isIbanCountry, Screen } from "./__international.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:international.title" };

export const shouldRevalidate = skipDraftRevalidation;

/** Decimals of each currency the accounts hold (the balance's own currency scale). */
function balanceScales(accounts: readonly Account[]): Record<string, number> {
  const scales: Record<string, number> = {};
  for (const a of accounts) for (const b of a.balances) scales[b.currencyId] = b.currency?.scale ?? 2;
  return scales;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const url = new URL(request.url);
  const [listed, settings, form, saved, countries] = await Promise.all([
    // Read only for the "Pay from" choices (which balances, in which currencies SWIFT takes): a
    // refusal shows its error there (list-errors.server), the rest of the form as usual.
    settleList(request, listAccounts(api, org.id)),
    settleList(request, api.get<PaymentsSettings>("/settings/payments")),
    paymentFormData(api, request, "international", org.id, releasedPayment(request)),
    beneficiaryChoice(api, org.id, request, "INTERNATIONAL"),
    countryOptionsFor(request),
  ]);
  const currencies = (settings.data?.paymentTypes ?? []).filter((p) => p.type === "SWIFT").flatMap((p) => p.currencies);
  const sourcesError = listed.error ?? settings.error;
  const accounts = sourcesError ? [] : (listed.data ?? []);
  const sources = balanceSources(accounts).filter((s) => currencies.includes(s.currencyId));
  const scales = balanceScales(accounts);
  const asked = url.searchParams.get("source");
  // A picked beneficiary's details fill the form (over a draft's).
  const prefill = saved.chosen
    ? valuesFromBeneficiary(saved.chosen, {
        beneficiaryType: "beneficiaryType",
        beneficiaryName: "name",
        address: "address",
        city: "city",
        postCode: "postCode",
        countryId: "countryId",
        bic: "bic",
        bankName: "bankName",
        bankAddress: "bankAddress",
        bankCountry: "bankCountry",
        iban: "iban",
        accountNumber: "bankAccountNumber",
        useIntermediaryBank: "useIntermediaryBank",
        intermediaryBankName: "intermediaryBankName",
        intermediaryBankBIC: "intermediaryBankBIC",
        intermediaryBankAddress: "intermediaryBankAddress",
        intermediaryBankCountry: "intermediaryBankCountry",
        intermediaryBankCorrespondentAccount: "intermediaryBankCorrespondentAccount",
      })
    : null;
  return json(
    {
      ...form,
      saved,
      prefill,
      sources,
      sourcesError,
      currencies,
      countries,
      /** The countries whose banks take IBANs (the account field's note says which is needed). */
      ibanCountries: countries.filter((c) => isIbanCountry(c.code)).map((c) => c.code),
      scales: Object.fromEntries(sources.map((s) => [s.currencyId, scales[s.currencyId]])),
      source: sources.some((s) => s.value === asked) ? asked : null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // The amount's scale is the chosen balance's: the same validator as the screen's needs the accounts.
  const { api, org } = await requireAppContext(request);
  // A refused list: no scales (no balance can be chosen then: the form's own check refuses it).
  const listed = await settleList(request, listAccounts(api, org.id));
  const validator = internationalValidator(balanceScales(listed.data ?? []));
  return submitPaymentForm(request, "international", validator, FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "INTERNATIONAL",
      paymentType: "SWIFT",
      ...source,
      amount: d.amount,
      reference: d.reference,
      purpose: d.purpose,
      categoryId: d.categoryId,
      beneficiaryType: d.beneficiaryType,
      beneficiaryName: d.beneficiaryName,
      address: d.address,
      city: d.city,
      postCode: d.postCode,
      countryId: d.countryId,
      bic: d.bic,
      bankName: d.bankName,
      bankAddress: d.bankAddress,
      bankCountry: d.bankCountry,
      iban: d.iban,
      accountNumber: d.accountNumber,
      useIntermediaryBank: d.useIntermediaryBank,
      intermediaryBankName: d.intermediaryBankName,
      intermediaryBankBIC: d.intermediaryBankBIC,
      intermediaryBankAddress: d.intermediaryBankAddress,
      intermediaryBankCountry: d.intermediaryBankCountry,
      intermediaryBankCorrespondentAccount: d.intermediaryBankCorrespondentAccount,
    };
  });
}

export default splitScreen(Screen, () => import("./__international.screen"));

export const ErrorBoundary = RouteErrorBoundary;
