/**
 * The screen of /payments/sign (route module `_index.tsx` beside it): the selected payments,
 * remittance orders and FX rate requests (one item shape: __selection.server.ts `BatchItem`) with
 * the total per currency, the code form (one code for all of them), the resend form, and the code
 * schema shared with the route's action. Loaded as its own chunk in the browser
 * (lib/split-screen.tsx); rendered from a static import on the server.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { ValidatedErrorSummary } from "~/components/forms/ValidatedErrorSummary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { CannotSign } from "~/components/ui/CannotSign";
import { codeFormValidator, resendFormValidator } from "~/components/signing/code-forms";
import { useCountdown } from "~/lib/use-countdown";
import { useIsHydrated } from "~/lib/use-hydrated";
import { payeeAccountText } from "~/lib/payee-account";
import styles from "../payments.module.css";
import batch from "./batch.module.css";
import type { loader } from "./_index";

function BatchCodeInput() {
  const { t } = useTranslation("signing");
  const { error } = useField("code", { formId: "sign" });
  return <CodeInput label={t("batch.code-label")} hint={t("batch.code-hint")} error={error} />;
}

/** An item's label: its payee, or "Exchange GBP → EUR" for an FX rate request. */
export function useItemName() {
  const { t } = useTranslation("signing");
  return (item: { name: string; currencyId: string; fx: { to: string } | null }) =>
    item.fx ? t("item.fx", { from: item.currencyId, to: item.fx.to }) : item.name;
}

/** The items to sign as a table, with the total per currency in its footer. */
function SelectionTable() {
  const { items, totals, needsDocument } = useLoaderData<typeof loader>();
  const nameOf = useItemName();
  const { t } = useTranslation(["signing", "payments"]);
  return (
    <table className={batch.table} data-testid="batch-payments">
      <caption>{t("batch.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("batch.payee")}</th>
          <th scope="col">{t("batch.payee-account")}</th>
          <th scope="col" className={batch.number}>
            {t("batch.amount")}
          </th>
          <th scope="col" className={batch.number}>
            {t("batch.fee")}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((p) => (
          <tr key={p.id} data-testid="batch-payment" data-kind={p.kind}>
            <th scope="row">
              {nameOf(p)}
              {needsDocument.includes(p.id) ? (
                <span className={batch.note} data-testid="needs-document">
                  {t("batch.needs-document")} <Link to={`/payments/${p.id}/sign`}>{t("batch.attach")}</Link>
                </span>
              ) : null}
            </th>
            <td>
              {p.fx ? (
                <>
                  {t("item.buys")} <Money amount={p.fx.amount} currency={p.fx.to} />
                </>
              ) : p.kind === "order" ? (
                t("item.order")
              ) : (
                payeeAccountText(t, { payeeAccount: p.payeeAccount, payeeDescription: p.account, beneficiaryAccount: null })
              )}
            </td>
            <td className={batch.number}>
              <Money amount={p.amount} currency={p.currencyId} />
            </td>
            <td className={batch.number}>
              {p.fee ? <Money amount={p.fee.amount} currency={p.fee.currencyId} /> : t("batch.no-fee")}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map((total, i) => (
          <tr key={total.currencyId} data-testid="batch-total">
            <th scope="row" colSpan={2}>
              {i === 0 ? t("batch.totals") : null}
            </th>
            <td className={batch.number}>
              <Money amount={total.amount} currency={total.currencyId} />
            </td>
            <td />
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

export default function BatchSignScreen() {
  const { count, back, action, items, gone, canSign, organizationName, challenge, defaultChannel } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation(["signing", "auth"]);
  const hydrated = useIsHydrated();
  const remaining = useCountdown(challenge?.resendAvailableAt);
  const backLink = (
    <p className={styles.section}>
      <Link to={back}>{t("batch.back")}</Link>
    </p>
  );
  const goneNote = gone ? <Alert testId="not-waiting">{t("batch.not-waiting", { count: gone })}</Alert> : null;
  if (!count) {
    return (
      <>
        <h1>{t("batch.title")}</h1>
        {goneNote ?? <Alert testId="none-selected">{t("batch.none-selected")}</Alert>}
        {backLink}
      </>
    );
  }
  return (
    <>
      <h1>{t("batch.title")}</h1>
      {canSign ? <p>{t("batch.intro")}</p> : <CannotSign organizationName={organizationName} />}
      {items.length ? <SelectionTable /> : null}
      {goneNote}

      {canSign && items.length ? (
        <>
          {challenge ? (
            <>
              {challenge.debugCode ? (
                <Alert>
                  {t("auth:code.debug")} <strong data-testid="debug-code">{challenge.debugCode}</strong>
                </Alert>
              ) : null}
              <ValidatedForm validator={codeFormValidator} method="post" action={action} noValidate={hydrated} id="sign">
                <ValidatedErrorSummary order={["code"]} />
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="sign" />
                <BatchCodeInput />
                <div className={styles.actions}>
                  <SubmitButton>{t("batch.submit", { count })}</SubmitButton>
                </div>
              </ValidatedForm>
            </>
          ) : (
            <Alert>{t("batch.no-code")}</Alert>
          )}

          <ValidatedForm
            validator={resendFormValidator}
            method="post"
            action={action}
            id="resend"
            className={styles.resend + " " + styles.section}
            noValidate={hydrated}
          >
            <ValidatedErrorSummary />
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value={challenge ? "resend" : "send"} />
            <fieldset>
              <legend>{t("batch.channel")}</legend>
              <label>
                <input type="radio" name="channel" value="SMS" defaultChecked={defaultChannel !== "WHATSAPP"} />{" "}
                {t("auth:resend.sms")}
              </label>
              <label>
                <input type="radio" name="channel" value="WHATSAPP" defaultChecked={defaultChannel === "WHATSAPP"} />{" "}
                {t("auth:resend.whatsapp")}
              </label>
            </fieldset>
            {challenge && remaining > 0 ? <p aria-live="polite">{t("auth:resend.wait", { count: remaining })}</p> : null}
            <Button
              type="submit"
              variant={challenge ? "secondary" : "primary"}
              disabled={Boolean(challenge) && remaining > 0}
              data-testid="send-code"
            >
              {challenge ? t("auth:resend.submit") : t("batch.send")}
            </Button>
          </ValidatedForm>
        </>
      ) : null}
      {backLink}
    </>
  );
}
