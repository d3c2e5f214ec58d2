/**
 * The form of /currency-exchange/requests/new (route module `new.tsx` beside it) and its zod
 * schema, shared with the route's action: the balance to sell from, the currency to buy, the
 * amount to sell (amount rules; the API checks the currency's scale) and the proposed rate (units
 * of the bought currency per 1 unit of the sold one, up to 12 decimals). With JavaScript the
 * form shows what the customer would receive as they type (server/rules/fx-rate.ts, the API's
 * own rounding); the confirmation page shows it in any case. Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { z } from "zod";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedAmountInput } from "~/components/forms/ValidatedAmountInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedChoicesError, ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { amountField, idempotencyKeyField, requiredChoice } from "~/lib/payment-schemas";
import { useIsHydrated } from "~/lib/use-hydrated";
import { validateAmount } from "../../../../../server/rules/amount";
import { FX_PROPOSED_RATE_SCALE, fxBoughtAmount } from "../../../../../server/rules/fx-rate";
import styles from "../exchange.module.css";
import type { loader } from "./new";

/** The form's fields in display order (errors summary, API error mapping). */
export const FIELDS = ["source", "toCurrencyId", "sellAmount", "rate"] as const;

/** The proposed rate: a positive decimal with at most 12 decimals (server/rules/fx-rate.ts). */
const rateField = z.string({ required_error: "exchange:requests.errors.rate-required" }).transform((value, ctx) => {
  const result = validateAmount(value, { scale: FX_PROPOSED_RATE_SCALE });
  if (!result.ok) {
    const message = result.error === "required" ? "exchange:requests.errors.rate-required" : "exchange:requests.errors.rate";
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  }
  return result.value;
});

export const newFxRequestValidator = withZod(
  z.object({
    source: requiredChoice("errors:account-required"),
    toCurrencyId: requiredChoice("exchange:errors.to"),
    // The largest scale the bank has (SOL, 9): the API checks the sold currency's own scale.
    sellAmount: amountField(9),
    rate: rateField,
    idempotencyKey: idempotencyKeyField,
  }),
);

/** What the form's values would buy, or null while they are incomplete or invalid. */
const FORM_ID = "fx-request-form";

function preview(form: HTMLFormElement, scales: Record<string, number>): { amount: string; currency: string } | null {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const to = text("toCurrencyId");
  const sell = validateAmount(text("sellAmount"), { scale: 9 });
  const rate = validateAmount(text("rate"), { scale: FX_PROPOSED_RATE_SCALE });
  if (!sell.ok || !rate.ok || scales[to] === undefined || text("source").endsWith(`:${to}`)) return null;
  return { amount: fxBoughtAmount(sell.value, rate.value, scales[to]), currency: to };
}

export default function NewFxRequestScreen() {
  const { sources, sourcesError, currencies, names, currenciesError, scales, idempotencyKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  const hydrated = useIsHydrated();
  const [bought, setBought] = useState<{ amount: string; currency: string } | null>(null);
  const update = (e: FormEvent<HTMLFormElement>) => setBought(preview(e.currentTarget, scales));
  // What was typed before the JavaScript started is previewed at once (app/lib/typed-before-hydration.ts).
  useEffect(() => {
    const form = document.getElementById(FORM_ID);
    // The DOM is the outside system read here, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (form instanceof HTMLFormElement) setBought(preview(form, scales));
    // Once, at hydration: later input updates the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <h1>{t("requests.new.title")}</h1>
      <p>{t("requests.new.intro")}</p>
      {sources.length === 0 && !sourcesError ? (
        <Alert>{t("requests.new.no-balances")}</Alert>
      ) : (
        <ValidatedForm
          id={FORM_ID}
          validator={newFxRequestValidator}
          method="post"
          action="/currency-exchange/requests/new"
          noValidate={hydrated}
          className={styles.form}
          onInput={update}
          onChange={update}
        >
          <ValidatedErrorSummary order={FIELDS} />
          <AuthenticityTokenInput />
          <IdempotencyKeyInput fallback={idempotencyKey} />
          <SourceBalanceSelect sources={sources} error={sourcesError} />
          {currenciesError ? (
            <ValidatedChoicesError id="toCurrencyId" label={t("fields.to")} message={currenciesError} required />
          ) : (
            <ValidatedField as="select" name="toCurrencyId" label={t("fields.to")} required>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {names[c] ? t("fields.to-option", { name: names[c], code: c }) : c}
                </option>
              ))}
            </ValidatedField>
          )}
          <ValidatedAmountInput name="sellAmount" label={t("requests.new.sell")} hint={t("requests.new.sell-hint")} />
          <ValidatedField
            name="rate"
            label={t("requests.new.rate")}
            hint={t("requests.new.rate-hint")}
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            required
          />
          {hydrated ? (
            <p aria-live="polite" data-testid="fx-preview">
              {bought ? t("requests.new.preview", { amount: bought.amount, currency: bought.currency }) : null}
            </p>
          ) : null}
          <div className={styles.actions}>
            <SubmitButton>{t("requests.new.submit")}</SubmitButton>
            <Link to="/currency-exchange/requests">{t("requests.new.cancel")}</Link>
          </div>
        </ValidatedForm>
      )}
    </>
  );
}
