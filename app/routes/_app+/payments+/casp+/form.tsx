/**
 * /payments/casp/form — crypto-asset payment (spec 000 §2 Crypto-asset option): from an asset
 * balance (pre-selected from ?source=<accountId:CUR>), a crypto-asset service provider from
 * GET /v1/casps, the beneficiary's name and wallet address (checked for the asset's network),
 * purpose (required), category, amount at the asset's own scale, reference. Drafts kept (spec
 * 000 §4). Creates a CRYPTO_ASSET_PAYMENT (Idempotency-Key), sends the signing code and goes to
 * the signing page (fee shown there).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Account, Casp, PaymentsSettings } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { beneficiaryChoice, valuesFromBeneficiary } from "~/lib/beneficiaries.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { settleList } from "~/lib/list-errors.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { caspValidator, FIELDS, Screen } from "./__casp.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:casp.title" };

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
  const [listed, settings, casps, form, saved] = await Promise.all([
    // Read only for the "Pay from" choices (which balances, in which assets): a refusal shows its
    // error there (list-errors.server), the rest of the form as usual.
    settleList(request, listAccounts(api, org.id)),
    settleList(request, api.get<PaymentsSettings>("/settings/payments")),
    // Read only for the provider select: a failed list shows its error there.
    settleList(request, api.get<{ data: Casp[] }>("/casps")),
    paymentFormData(api, request, "casp", org.id, releasedPayment(request)),
    beneficiaryChoice(api, org.id, request, "CRYPTO_ASSET_PAYMENT"),
  ]);
  const currencies = (settings.data?.paymentTypes ?? [])
    .filter((p) => p.type === "CRYPTO_ASSET_PAYMENT")
    .flatMap((p) => p.currencies);
  const sourcesError = listed.error ?? settings.error;
  const accounts = sourcesError ? [] : (listed.data ?? []);
  const sources = balanceSources(accounts).filter((s) => currencies.includes(s.currencyId));
  const held = new Set(sources.map((s) => s.currencyId as string));
  const scales = balanceScales(accounts);
  // A picked beneficiary's details fill the form (over a draft's), and its asset the balance.
  const asked =
    url.searchParams.get("source") ??
    (saved.chosen ? (sources.find((s) => s.currencyId === saved.chosen?.currencyId)?.value ?? null) : null);
  const prefill = saved.chosen
    ? valuesFromBeneficiary(saved.chosen, { beneficiaryName: "name", caspId: "caspId", walletAddress: "walletAddress" })
    : null;
  return json(
    {
      ...form,
      saved,
      prefill,
      sources,
      sourcesError,
      currencies,
      scales: Object.fromEntries([...held].map((c) => [c, scales[c]])),
      // Every CASP that takes an asset the customer holds (the screen narrows it to the chosen asset
      // with JavaScript); every CASP when the balances are not known (their error is shown).
      casps: (casps.data?.data ?? [])
        .map((c) => ({ id: c.id, name: c.name, assets: c.assets.map((a) => a.currencyId as string) }))
        .filter((c) => sourcesError !== null || c.assets.some((a) => held.has(a))),
      caspsError: casps.error,
      source: sources.some((s) => s.value === asked) ? asked : null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // The same validator as the screen's needs the balances' scales; the CASP list tells which
  // provider takes which asset (a mismatch is refused on the provider field, as the API would).
  const { api, org } = await requireAppContext(request);
  // Without the CASP list (refused) no provider was offered: the form's own check refuses the empty choice.
  // Without the accounts (refused) no balance was offered either: no scales, the empty choice refused.
  const [accounts, casps] = await Promise.all([
    settleList(request, listAccounts(api, org.id)).then((r) => r.data ?? []),
    settleList(request, api.get<{ data: Casp[] }>("/casps")).then((r) => r.data ?? { data: [] as Casp[] }),
  ]);
  const validator = caspValidator(balanceScales(accounts));
  return submitPaymentForm(request, "casp", validator, FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    const casp = casps.data.find((c) => c.id === d.caspId);
    if (casp && !casp.assets.some((a) => a.currencyId === source.currencyId))
      return { field: "caspId", key: "errors:casp.casp-asset" };
    return {
      organizationId,
      kind: "CRYPTO_ASSET_PAYMENT",
      paymentType: "CRYPTO_ASSET_PAYMENT",
      ...source,
      amount: d.amount,
      reference: d.reference,
      purpose: d.purpose,
      categoryId: d.categoryId,
      beneficiaryName: d.beneficiaryName,
      caspId: d.caspId,
      walletAddress: d.walletAddress,
    };
  });
}

export default splitScreen(Screen, () => import("./__casp.screen"));

export const ErrorBoundary = RouteErrorBoundary;
