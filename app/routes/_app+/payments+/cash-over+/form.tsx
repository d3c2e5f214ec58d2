/**
 * /payments/cash-over/form — cash over the counter, step 2 (spec 000 §2; server rail
 * cash-over-counter): `?source=<accountId:CUR>` from /payments/cash-over (anything else goes
 * back there). The PSP partner is chosen from GET /v1/psp-partners?currencyId= when
 * GET /v1/settings/psp-partners says `enabled`, else the bank chooses it. The action creates a
 * CashOverCounterRequest (Idempotency-Key) and goes to signing (the fee, 1 % with a minimum on
 * the Standard tariff, is shown there). What was typed is kept as the "cash-over" draft.
 * Lists read only for the form's choices (lib/list-errors.server; docs/decisions.md "Failed
 * lists"): the accounts or the payments settings refused by the API are the "Pay from" choices'
 * error (the currency asked for in `?source=`, or the picked beneficiary's, still chooses the
 * partners), the PSP partners list refused the partner choice's; the rest of the form as usual,
 * and nothing can be sent without those choices.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Account, PaymentsSettings, PspPartner, PspPartnersSettings } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { getApi } from "~/lib/api.server";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { parseSource, type BalanceSource } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { settleList } from "~/lib/list-errors.server";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
import { cashCurrencies, cashSources } from "./__cash-sources";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { cashOverValidator, FIELDS, Screen } from "./__cash-over.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:cash-over.title" };

export const shouldRevalidate = skipDraftRevalidation;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const url = new URL(request.url);
  const [accounts, settings, partnersSettings, saved] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(request, api.get<PaymentsSettings>("/settings/payments")),
    api.get<PspPartnersSettings>("/settings/psp-partners"),
    beneficiaryChoice(api, org.id, request, "CASH_OVER_COUNTER"),
  ]);
  const asked = url.searchParams.get("source") ?? "";
  const sourcesError = accounts.error ?? settings.error;
  const picked = pickedBalance(asked, saved.chosen?.currencyId, accounts.data, settings.data);
  if (!picked) throw redirect("/payments/cash-over", { headers: await api.headers() });
  const { chosen, currencyId } = picked;
  const [partners, form] = await Promise.all([
    // Read only for the partner select: a refusal shows its error there.
    settleList(
      request,
      partnersSettings.enabled
        ? api.get<{ data: PspPartner[] }>("/psp-partners", { currencyId }).then((r) => r.data)
        : Promise.resolve([] as PspPartner[]),
    ),
    paymentFormData(api, request, "cash-over", org.id, releasedPayment(request)),
  ]);
  // The draft of another currency does not fit this form (its partner pays out another currency).
  const draftSource = form.draft?.source ? parseSource(form.draft.source) : null;
  return json(
    {
      chosen,
      sources: picked.sources,
      sourcesError,
      partnersEnabled: partnersSettings.enabled,
      partners: partners.data ?? [],
      partnersError: partners.error,
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

/**
 * The balance the form pays from: the one chosen on /payments/cash-over (`asked`), else for a
 * picked beneficiary one in its currency; and the balances of that currency. Without the accounts
 * or the settings (refused: their error is shown instead of the choices) the currency asked for
 * decides (`asked`'s, else the beneficiary's; one the settings know not to be paid in cash is
 * not), nothing is chosen.
 * @returns null when nothing fits (the page goes back to the first step)
 */
function pickedBalance(
  asked: string,
  beneficiaryCurrency: string | undefined,
  accounts: Account[] | null,
  settings: PaymentsSettings | null,
): { chosen: string; currencyId: string; sources: BalanceSource[] } | null {
  if (accounts && settings) {
    const all = cashSources(accounts, settings);
    const hit =
      all.find((s) => s.value === asked) ??
      (beneficiaryCurrency ? all.find((s) => s.currencyId === beneficiaryCurrency) : undefined);
    return hit
      ? { chosen: hit.value, currencyId: hit.currencyId, sources: all.filter((s) => s.currencyId === hit.currencyId) }
      : null;
  }
  const currencyId = parseSource(asked)?.currencyId ?? beneficiaryCurrency;
  if (!currencyId) return null;
  if (settings && !cashCurrencies(settings).has(currencyId)) return null;
  return { chosen: parseSource(asked) ? asked : "", currencyId, sources: [] };
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
