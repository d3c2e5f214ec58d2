/**
 * /demo/payments/form?currencyId= — a demo payment: payee, currency (GBP, EUR, USD) and amount.
 * The action checks the CSRF token and the fields (lib/demo.server.ts `validateDemoPayment`: the
 * shared amount rules, the amount at most the sample balance; the amount is the shared AmountInput)
 * and then answers "In demo mode nothing is sent": it calls
 * no payments API, so no ledger is touched. Invalid input comes back as typed with its errors
 * (400), with or without JavaScript.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { AmountInput } from "~/components/forms/AmountInput";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { verifyCsrf } from "~/lib/csrf.server";
import { demoHeaders, requireDemoUser } from "~/lib/demo-access.server";
import { DEMO_BALANCES, validateDemoPayment } from "~/lib/demo.server";
import styles from "../demo.module.css";

export const handle = { i18n: ["demo", "errors"], titleKey: "demo:payments.form-title" };

const CURRENCIES = ["GBP", "EUR", "USD"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireDemoUser(request);
  const asked = new URL(request.url).searchParams.get("currencyId");
  const currencyId = CURRENCIES.find((c) => c === asked) ?? "GBP";
  return json({ currencyId, balances: DEMO_BALANCES }, { headers: await demoHeaders(api) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireDemoUser(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const values = {
    payee: String(form.get("payee") ?? ""),
    currencyId: String(form.get("currencyId") ?? ""),
    amount: String(form.get("amount") ?? ""),
  };
  const { errors, amount } = validateDemoPayment(values);
  const headers = await demoHeaders(api);
  if (Object.keys(errors).length)
    return json({ errors, values: { ...values, amount }, done: false as const }, { status: 400, headers });
  // Demo mode: checked like a real payment, then nothing is sent (no API call, no ledger).
  return json({ errors: {}, values: { ...values, amount, payee: values.payee.trim() }, done: true as const }, { headers });
}

export default function DemoPaymentForm() {
  const { currencyId, balances } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("demo");
  const errors: Record<string, string | undefined> = answer?.errors ?? {};
  const values = answer?.values;
  return (
    <>
      <h1>{t("payments.form-title")}</h1>
      {answer?.done ? (
        <Alert kind="success" testId="demo-nothing-sent">
          <strong>{t("payments.nothing-sent")}</strong>{" "}
          {t("payments.would-send", { amount: values!.amount, currency: values!.currencyId, payee: values!.payee })}
        </Alert>
      ) : null}
      <h2>{t("home.balances")}</h2>
      <ul className={styles.balances}>
        {CURRENCIES.map((c) => (
          <li key={c}>
            <Money amount={balances[c]} currency={c} />
          </li>
        ))}
      </ul>
      <ErrorSummary errors={errors} order={["payee", "currencyId", "amount"]} />
      <Form method="post" action="/demo/payments/form" className={styles.form} noValidate>
        <AuthenticityTokenInput />
        <Field
          name="payee"
          label={t("payments.payee")}
          error={errors.payee}
          defaultValue={values?.payee ?? ""}
          autoComplete="off"
          maxLength={100}
        />
        <Field
          as="select"
          name="currencyId"
          label={t("payments.currency")}
          error={errors.currencyId}
          defaultValue={values?.currencyId ?? currencyId}
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Field>
        <AmountInput
          label={t("payments.amount")}
          hint={t("payments.amount-hint")}
          error={errors.amount}
          defaultValue={values?.amount ?? ""}
        />
        <Button type="submit">{t("payments.submit")}</Button>
      </Form>
      <Link to="/demo/payments">{t("payments.back")}</Link>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/RouteErrorBoundary";
