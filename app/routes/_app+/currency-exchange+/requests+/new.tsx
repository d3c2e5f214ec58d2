/**
 * /currency-exchange/requests/new — propose your own rate (spec 001 §3 "FX rate request", §4):
 * the form (`__new.screen.tsx`) → POST (CSRF-checked, validated with the browser's schema) →
 * POST /v1/exchange/fx-requests (Idempotency-Key kept in the session until the request is signed
 * or declined, lib/fx-requests.server `fxRequestFormKey`: a double submit, going back and
 * submitting the same details or a second tab replay the same request) → the signing code is sent → the confirmation page
 * /currency-exchange/requests/:requestId/sign, which shows what the customer would receive. Nothing
 * is held until the customer signs there. Refusals come back on their fields (shared
 * `mapServerErrors`), the form filled. 404 when EXCHANGE-CUSTOM-RATE-ENABLED is off. The accounts
 * and the exchanged currencies are read only for the selects: a list the API refuses shows its
 * error where its choices would be (lib/list-errors.server), the rest of the form as usual.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type {
  CreateFxRequestRequest,
  Currency,
  CurrencyCode,
  ExchangeRates,
  FxRequest,
} from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { verifyCsrf } from "~/lib/csrf.server";
import { createRefusal, validationError, type ServerT } from "~/lib/forms.server";
import { fxRequestFormKey, rememberFxRequestKey, requireCustomRate, sendFxCode } from "~/lib/fx-requests.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { currencyNames } from "~/lib/money";
import { canSign } from "~/lib/signing";
import { splitScreen } from "~/lib/split-screen";
import { FIELDS, newFxRequestValidator, Screen } from "./__new.screen.server";

export const handle = { i18n: ["exchange", "payments"], titleKey: "exchange:requests.new.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await requireCustomRate(api, org.id);
  // Lists read only for the form's choices: a failed one shows its error where they would be.
  const [accounts, rates, all, lng, key] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(request, api.get<ExchangeRates>("/exchange/rates")),
    settleList(request, api.get<{ data: Currency[] }>("/currencies")),
    i18next.getLocale(request),
    fxRequestFormKey(api, org.id, new URL(request.url).searchParams.get("after")),
  ]);
  // The currencies the bank exchanges (those with a reference rate).
  const currencies = (rates.data?.rates ?? []).map((r) => r.currencyId);
  return json(
    {
      sources: balanceSources(accounts.data ?? []),
      sourcesError: accounts.error,
      currencies,
      // "Euro (EUR)" in the "To" select (lib/money currencyNames).
      names: currencyNames(currencies, all.data?.data ?? [], lng),
      currenciesError: rates.error,
      // Decimals of each currency, for the preview of the bought amount (none without them: no preview).
      scales: Object.fromEntries((all.data?.data ?? []).map((c) => [c.id, c.scale])) as Record<string, number>,
      idempotencyKey: key.key,
      pendingRequestId: key.pendingRequestId,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The API's properties → the form's fields. */
const ALIASES = { accountId: "source", fromCurrencyId: "source" };

export async function action({ request }: ActionFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  await requireCustomRate(api, org.id);
  const form = await request.formData();
  await verifyCsrf(request, api.session, form);
  const t = (await i18next.getFixedT(request, ["errors", "exchange"])) as unknown as ServerT;
  const result = await newFxRequestValidator.validate(form);
  const { csrf: _csrf, ...submitted } = result.submittedData as Record<string, unknown>;
  const headers = await api.headers();
  if (result.error) return validationError(result.error, submitted, { headers });
  const d = result.data;
  const source = parseSource(d.source);
  if (!source) return validationError({ fieldErrors: { source: "errors:account-required" } }, submitted, { headers });
  const body: CreateFxRequestRequest = {
    organizationId: org.id,
    accountId: source.accountId,
    fromCurrencyId: source.currencyId as CurrencyCode,
    toCurrencyId: d.toCurrencyId as CurrencyCode,
    sellAmount: d.sellAmount,
    rate: d.rate,
  };
  let created: FxRequest;
  try {
    created = await api.post<FxRequest>("/exchange/fx-requests", body, { idempotencyKey: d.idempotencyKey });
  } catch (error) {
    return createRefusal(api, error, t, {
      fields: FIELDS,
      submitted,
      codeFields: { INSUFFICIENT_FUNDS: "sellAmount" },
      aliases: ALIASES,
      keyReused: t("exchange:requests.errors.key-reused"),
    });
  }
  rememberFxRequestKey(api, org.id, d.idempotencyKey, created.id);
  // A member who cannot sign ends here (spec 000 §4): the request waits for a signer.
  if (created.status !== "AWAITING_SIGNATURE" || !canSign(org))
    return redirect(`/currency-exchange/requests/${created.id}`, { headers: await api.headers() });
  try {
    await sendFxCode(api, created.id, user.twilioAuthChannel);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The request exists: its confirmation page offers to send the code again.
  }
  return redirect(`/currency-exchange/requests/${created.id}/sign`, { headers: await api.headers() });
}

export default splitScreen(Screen, () => import("./__new.screen"));

export const ErrorBoundary = RouteErrorBoundary;
