/**
 * /payments/cash-over/form — cash over the counter, step 2 (spec 000 §2; server rail
 * cash-over-counter): `?source=<accountId:CUR>` from /payments/cash-over (anything else goes
 * back there). The PSP partner is chosen from GET /v1/psp-partners?currencyId= when
 * GET /v1/settings/psp-partners says `enabled`, else the bank chooses it. The action creates a
 * CashOverCounterRequest (Idempotency-Key) and goes to signing (the fee, 1 % with a minimum on
 * the Standard tariff, is shown there). What was typed is kept as the "cash-over" draft.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { PaymentsSettings, PspPartner, PspPartnersSettings } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getApi } from "~/lib/api.server";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { parseSource } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
import { cashSources } from "./__cash-sources";
// Server-only: in the browser the screen (form, zod, remix-validated-form) is a chunk of its own.
import { cashOverValidator, FIELDS, Screen } from "./__cash-over.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:cash-over.title" };

export const shouldRevalidate = skipDraftRevalidation;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const url = new URL(request.url);
  const [accounts, settings, partnersSettings, saved] = await Promise.all([
    listAccounts(api, org.id),
    api.get<PaymentsSettings>("/settings/payments"),
    api.get<PspPartnersSettings>("/settings/psp-partners"),
    beneficiaryChoice(api, org.id, request, "CASH_OVER_COUNTER"),
  ]);
  const all = cashSources(accounts, settings);
  // The balance chosen on /payments/cash-over; for a picked beneficiary, a balance in its currency.
  const chosen =
    all.find((s) => s.value === url.searchParams.get("source")) ??
    (saved.chosen ? all.find((s) => s.currencyId === saved.chosen?.currencyId) : undefined);
  if (!chosen) throw redirect("/payments/cash-over", { headers: await api.headers() });
  const currencyId = chosen.currencyId;
  const [partners, form] = await Promise.all([
    partnersSettings.enabled
      ? api.get<{ data: PspPartner[] }>("/psp-partners", { currencyId }).then((r) => r.data)
      : Promise.resolve([] as PspPartner[]),
    paymentFormData(api, request, "cash-over", org.id, releasedPayment(request)),
  ]);
  // The draft of another currency does not fit this form (its partner pays out another currency).
  const draftSource = form.draft?.source ? parseSource(form.draft.source) : null;
  return json(
    {
      chosen: chosen.value,
      sources: all.filter((s) => s.currencyId === currencyId),
      partnersEnabled: partnersSettings.enabled,
      partners,
      ...form,
      draft: draftSource?.currencyId === currencyId ? form.draft : null,
      saved: { ...saved, choices: saved.choices.filter((b) => b.currencyId === currencyId) },
      // A picked beneficiary's details fill the form (over a draft's).
      prefill: saved.chosen
        ? valuesFromBeneficiary(saved.chosen, { beneficiaryName: "name", collectorContact: "collectorContact" })
        : null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // Whether the customer must choose the partner decides the schema (as in the loader).
  const { enabled } = await (await getApi(request)).get<PspPartnersSettings>("/settings/psp-partners");
  return submitPaymentForm(request, "cash-over", cashOverValidator(enabled), FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "CASH_OVER_COUNTER",
      ...source,
      amount: d.amount,
      ...(enabled ? { pspPartnerId: d.pspPartnerId } : {}),
      beneficiaryName: d.beneficiaryName,
      collectorContact: d.collectorContact,
      purpose: d.purpose,
      categoryId: d.categoryId,
      reference: d.reference,
    };
  });
}

export default splitScreen(Screen, () => import("./__cash-over.screen"));

export const ErrorBoundary = RouteErrorBoundary;
