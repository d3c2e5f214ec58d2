/**
 * /currency-exchange — exchange between the balances of one account (issue 9; spec 000 §7
 * Exchange; POST /v1/exchange/calc). Plain form, works without JavaScript: source balance, target
 * currency, amount and which side it fixes → POST (CSRF-checked) → the API's quote → redirect
 * (PRG) to /currency-exchange/confirm?quote=<id>. Errors re-render the form with the values.
 * The amount is the shared AmountInput (spec 000 §5 rules while typing, at the scale of the fixed
 * side's currency: `__amount-scale.ts`); the action checks the same rules (`readExchangeForm`).
 * An official who may not sign (signatureType NONE) is told that only a signer exchanges the
 * company's money (the API refuses them too), with the way to propose a rate for a signer when
 * rate requests are on. A user with no accounts gets the no-accounts popup (spec 000 §2, spec 001 §2: NoAccountsPanel). When FX rate requests are
 * enabled for the organization (EXCHANGE-CUSTOM-RATE-ENABLED), links to propose your own rate and
 * to your rate requests (/currency-exchange/requests). The accounts and the exchanged currencies
 * are read only for the selects: a list the API refuses shows its error where its choices would
 * be (lib/list-errors.server), the rest of the form as usual; a quote needs both choices.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Currency, ExchangeQuote, ExchangeRates } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AmountInput } from "~/components/forms/AmountInput";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { ChoicesError } from "~/components/forms/ChoicesError";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { NoAccountsPanel } from "~/components/ui/NoAccountsPanel";
import { balanceSources, useSourceLabel } from "~/lib/balance-sources";
import { canSign } from "~/lib/signing";
import { translateMessage } from "~/lib/i18n-message";
import { currencyNames } from "~/lib/money";
import { useAdoptChoices } from "~/lib/typed-before-hydration";
import { useIsHydrated } from "~/lib/use-hydrated";
import { exchangeAmountScale } from "./__amount-scale";
// Server-only, from one module (its header says why).
import {
  calcErrors,
  customRateEnabled,
  i18next,
  listAccounts,
  readExchangeForm,
  requireAppContext,
  settleList,
  verifyCsrf,
  type ExchangeFormErrors,
  type ExchangeFormValues,
} from "./__exchange.server";
import styles from "./exchange.module.css";

export const handle = { i18n: ["exchange", "payments"], titleKey: "exchange:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  // The accounts and the exchanged currencies are read only for the selects: a list the API refuses
  // shows its error where its choices would be (lib/list-errors.server), the rest of the form as usual.
  const [accounts, rates, customRate, all, lng] = await Promise.all([
    settleList(request, listAccounts(api, org.id)),
    settleList(request, api.get<ExchangeRates>("/exchange/rates")),
    customRateEnabled(api, org.id),
    currencyList(api, request),
    i18next.getLocale(request),
  ]);
  const sources = balanceSources(accounts.data ?? []).map(({ value, name, amount, scale, currencyId, overdraft }) => ({
    value,
    name,
    amount,
    scale,
    currencyId,
    overdraft,
  }));
  const currencies = (rates.data?.rates ?? []).map((r) => r.currencyId);
  return json(
    {
      sources,
      sourcesError: accounts.error,
      currencies,
      // "Euro (EUR)" in the "To" select, as currencies are named elsewhere (the accounts' balances).
      names: currencyNames(currencies, all, lng),
      currenciesError: rates.error,
      customRate,
      scales: scalesOf(all),
      organizationType: org.type,
      // An exchange moves the organization's money: only a member who could sign may make one.
      canExchange: canSign(org),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/**
 * Every currency (GET /v1/currencies): their decimals (the amount's rules depend on its currency)
 * and names. When the API refuses the list, none (every amount then takes 2 decimals, and the API
 * checks the real scale; options read as codes): the form stays usable, what was typed comes back.
 */
async function currencyList(api: Awaited<ReturnType<typeof requireAppContext>>["api"], request: Request): Promise<Currency[]> {
  const all = await settleList(request, api.get<{ data: Currency[] }>("/currencies"));
  return all.data?.data ?? [];
}

/** Decimals of every currency: currency code → scale. */
function scalesOf(currencies: readonly Currency[]): Record<string, number> {
  return Object.fromEntries(currencies.map((c) => [c.id, c.scale]));
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  // The page offers no form then; a post anyway gets the page back (the API would refuse with 403).
  if (!canSign(org)) return redirect("/currency-exchange", { headers: await api.headers() });
  const read = readExchangeForm(await request.formData(), scalesOf(await currencyList(api, request)));
  if (!read.ok) return json({ values: read.values, errors: read.errors }, { status: 400, headers: await api.headers() });
  try {
    const quote = await api.post<ExchangeQuote>("/exchange/calc", read.request);
    return redirect(`/currency-exchange/confirm?quote=${encodeURIComponent(quote.id)}`, { headers: await api.headers() });
  } catch (error) {
    return json({ values: read.values, errors: calcErrors(error) }, { status: 400, headers: await api.headers() });
  }
}

const FORM_ID = "exchange-form";

export default function CurrencyExchange() {
  const { sources, sourcesError, currencies, names, currenciesError, customRate, scales, organizationType, canExchange } =
    useLoaderData<typeof loader>();
  const data = useActionData<{ values: ExchangeFormValues; errors: ExchangeFormErrors }>();
  const { t } = useTranslation("exchange");
  const sourceText = useSourceLabel();
  const hydrated = useIsHydrated();
  const values = data?.values;
  const errors = data?.errors ?? {};
  // The choices the amount's scale depends on (chosen before hydration too: useAdoptChoices).
  const [choice, setChoice] = useState(() => ({
    source: values?.source ?? sources[0]?.value ?? "",
    toCurrencyId: values?.toCurrencyId ?? (currencies.includes("EUR") ? "EUR" : (currencies[0] ?? "")),
    side: values?.side ?? "SELL",
  }));
  useAdoptChoices(FORM_ID, choice, (name, answer) => setChoice((c) => ({ ...c, [name]: answer })));
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const { name, value } = event.target as HTMLInputElement;
    if (name === "source" || name === "toCurrencyId" || name === "side") setChoice((c) => ({ ...c, [name]: value }));
  };
  const scale = exchangeAmountScale(choice, scales);
  if (sources.length === 0 && !sourcesError) {
    return (
      <>
        <h1>{t("title")}</h1>
        <NoAccountsPanel organizationType={organizationType} />
      </>
    );
  }
  if (!canExchange) {
    return (
      <>
        <h1>{t("title")}</h1>
        <Alert testId="exchange-no-duty">{t("no-duty")}</Alert>
        {customRate ? (
          <p>
            <Link to="/currency-exchange/requests/new">{t("no-duty-request")}</Link>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {errors.form ? (
        <Alert kind="error" testId="exchange-error">
          {translateMessage(t, errors.form)}
        </Alert>
      ) : null}
      <Form
        id={FORM_ID}
        method="post"
        action="/currency-exchange"
        className={styles.form}
        data-testid="exchange-form"
        noValidate={hydrated}
        onChange={onChange}
      >
        <AuthenticityTokenInput />
        {sourcesError ? (
          <ChoicesError id="source" label={t("fields.source")} message={sourcesError} error={errors.source} required />
        ) : (
          <Field
            as="select"
            name="source"
            label={t("fields.source")}
            defaultValue={values?.source}
            error={errors.source}
            required
          >
            {sources.map((s) => (
              <option key={s.value} value={s.value}>
                {sourceText(s)}
              </option>
            ))}
          </Field>
        )}
        {currenciesError ? (
          <ChoicesError id="toCurrencyId" label={t("fields.to")} message={currenciesError} error={errors.toCurrencyId} required />
        ) : (
          <Field
            as="select"
            name="toCurrencyId"
            label={t("fields.to")}
            defaultValue={values?.toCurrencyId ?? (currencies.includes("EUR") ? "EUR" : undefined)}
            error={errors.toCurrencyId}
            required
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {names[c] ? t("fields.to-option", { name: names[c], code: c }) : c}
              </option>
            ))}
          </Field>
        )}
        <AmountInput
          label={t("fields.amount")}
          hint={t("payments:fields.amount-hint-scale", { count: scale })}
          scale={scale}
          defaultValue={values?.amount}
          error={errors.amount}
        />
        <fieldset className={styles.side}>
          <legend>{t("fields.side")}</legend>
          <label>
            <input type="radio" name="side" value="SELL" defaultChecked={values?.side !== "BUY"} /> {t("fields.side-sell")}
          </label>
          <label>
            <input type="radio" name="side" value="BUY" defaultChecked={values?.side === "BUY"} /> {t("fields.side-buy")}
          </label>
        </fieldset>
        <div>
          <Button type="submit" data-testid="get-quote">
            {t("get-quote")}
          </Button>
        </div>
      </Form>
      {customRate ? (
        <section aria-labelledby="custom-rate-title" className={styles.offer} data-testid="custom-rate">
          <h2 id="custom-rate-title">{t("requests.offer.title")}</h2>
          <p>{t("requests.offer.text")}</p>
          <p className={styles.actions}>
            <Link to="/currency-exchange/requests/new" data-testid="propose-rate">
              {t("requests.offer.propose")}
            </Link>
            <Link to="/currency-exchange/requests" data-testid="fx-requests-link">
              {t("requests.offer.list")}
            </Link>
          </p>
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
