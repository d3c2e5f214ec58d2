/**
 * The form of /currency-exchange/requests/new (route module `new.tsx` beside it; its zod schema,
 * shared with the route's action, is ./__new.schema.ts): the balance to sell from, the currency to buy, the
 * amount to sell (amount rules; the API checks the currency's scale) and the proposed rate (units
 * of the bought currency per 1 unit of the sold one, up to 12 decimals). With JavaScript the
 * form shows what the customer would receive as they type (server/rules/fx-rate.ts, the API's
 * own rounding, loaded once there is something to preview); the confirmation page shows it in
 * any case. Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { IdempotencyKeyInput } from "~/components/forms/IdempotencyKeyInput";
import { SourceBalanceSelect } from "~/components/forms/SourceBalanceSelect";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedAmountInput } from "~/components/forms/ValidatedAmountInput";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { ValidatedChoicesError, ValidatedField } from "~/components/forms/ValidatedField";
import { Alert } from "~/components/ui/Alert";
import { lazyValidator } from "~/lib/lazy-validator";
import { useCanSign } from "~/lib/use-can-sign";
import { useIsHydrated } from "~/lib/use-hydrated";
import { validateAmount } from "../../../../../server/rules/amount";
import styles from "../exchange.module.css";
import type { loader } from "./new";

/** The form's fields in display order (errors summary, API error mapping). */
export const FIELDS = ["source", "toCurrencyId", "sellAmount", "rate"] as const;

/** The form's rules (./__new.schema.ts), loaded when the form is first used (lib/lazy-validator.ts). */
const newFxRequestValidator = lazyValidator(() => import("./__new.schema").then((m) => m.newFxRequestValidator));

const FORM_ID = "fx-request-form";

/**
 * The API's rounding of a bought amount (server/rules/fx-rate.ts, with decimal.js): loaded when
 * there is something to preview, not with the page.
 */
const loadFxRate = () => import("../../../../../server/rules/fx-rate");

/** What the form's values would buy, or null while they are incomplete or invalid (or the rounding cannot load). */
async function preview(
  form: HTMLFormElement,
  scales: Record<string, number>,
): Promise<{ amount: string; currency: string } | null> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const to = text("toCurrencyId");
  if (!text("sellAmount") || !text("rate") || scales[to] === undefined || text("source").endsWith(`:${to}`)) return null;
  const fx = await loadFxRate().catch(() => null);
  if (!fx) return null;
  const sell = validateAmount(text("sellAmount"), { scale: 9 });
  const rate = validateAmount(text("rate"), { scale: fx.FX_PROPOSED_RATE_SCALE });
  if (!sell.ok || !rate.ok) return null;
  return { amount: fx.fxBoughtAmount(sell.value, rate.value, scales[to]), currency: to };
}

export default function NewFxRequestScreen() {
  const { sources, sourcesError, currencies, names, currenciesError, scales, idempotencyKey, pendingRequestId } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  const hydrated = useIsHydrated();
  const canSign = useCanSign();
  const [bought, setBought] = useState<{ amount: string; currency: string } | null>(null);
  // Previews finish in any order (the first one waits for the rounding's chunk): only the latest shows.
  const latest = useRef(0);
  const show = (form: HTMLFormElement) => {
    const asked = ++latest.current;
    void preview(form, scales).then((result) => {
      if (asked === latest.current) setBought(result);
    });
  };
  const update = (e: FormEvent<HTMLFormElement>) => show(e.currentTarget);
  // What was typed before the JavaScript started is previewed at once (app/lib/typed-before-hydration.ts).
  useEffect(() => {
    const form = document.getElementById(FORM_ID);
    // The DOM is the outside system read here, once.
    if (form instanceof HTMLFormElement) show(form);
    // Once, at hydration: later input updates the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <h1>{t("requests.new.title")}</h1>
      <p>{t("requests.new.intro")}</p>
      {/* The form's last request still waits: the form's key is still its own (fxRequestFormKey). */}
      {pendingRequestId && canSign ? (
        <Alert testId="pending-fx-request">
          {t("requests.new.pending")}{" "}
          <Link to={`/currency-exchange/requests/${pendingRequestId}/sign`}>{t("requests.new.pending-link")}</Link>
        </Alert>
      ) : null}
      {pendingRequestId && !canSign ? (
        <Alert testId="pending-fx-request">
          {t("requests.new.pending-signer")}{" "}
          <Link to={`/currency-exchange/requests/${pendingRequestId}`}>{t("requests.new.pending-view")}</Link>{" "}
          <Link to={`/currency-exchange/requests/new?after=${pendingRequestId}`}>{t("requests.new.pending-new")}</Link>
        </Alert>
      ) : null}
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
          {/* The live preview needs scripts: in the page from the first paint with a line's room,
              so the buttons below do not move at hydration nor as it comes and goes while typing
              (and a live region is there before it speaks); none without scripts. */}
          <p aria-live="polite" data-testid="fx-preview" className={`${styles.preview} scripts-only`}>
            {bought ? t("requests.new.preview", { amount: bought.amount, currency: bought.currency }) : null}
          </p>
          <div className={styles.actions}>
            <SubmitButton>{t("requests.new.submit")}</SubmitButton>
            <Link to="/currency-exchange/requests">{t("requests.new.cancel")}</Link>
          </div>
        </ValidatedForm>
      )}
    </>
  );
}
