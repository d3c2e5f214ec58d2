/**
 * /ops/payments/incoming — post a payment that arrived from another bank to a customer balance
 * (issue 13; docs/ops.md "Payments"; role PAYMENTS): the customer's account number or IBAN,
 * currency, amount, the payer's name and account, the reference. The customer sees an ADDED item
 * titled with the payer's name. The form carries an idempotency key drawn when the page is
 * rendered, so a double submit (or a resubmission after a lost answer) credits once. Errors come
 * back on their fields with everything typed kept. Below: the latest incoming payments.
 */
import { randomUUID } from "node:crypto";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApiFieldError, IncomingPayment } from "../../../../server/api/v1/contract";
import { validateAmount } from "../../../../server/rules/amount";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { OpsMoney } from "~/components/ops/OpsPayments";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:payments.incoming.title" };

const FIELDS = ["account", "currencyId", "amount", "payerName", "payerAccount", "reference"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field | "idempotencyKey", string>;
type Errors = Partial<Record<Field | "form", string>>;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "PAYMENTS");
  // The recent list the API refuses shows its error in its place; the form above works as usual
  // (spec 000 §7 failed lists).
  const recent = await settleList(
    request,
    api.get<{ data: IncomingPayment[]; nextCursor: string | null }>("/payments/incoming", { take: 20 }),
  );
  return json(
    { key: randomUUID(), recent: recent.data?.data ?? [], recentError: recent.error },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The form's own checks (the API checks again, by the currency's scale). */
function check(v: Values): Errors {
  const e: Errors = {};
  if (!v.account) e.account = "ops:payments.errors.account-required";
  else if (v.account.length > 42) e.account = "ops:payments.errors.too-long";
  if (!/^[A-Za-z]{3,8}$/.test(v.currencyId)) e.currencyId = "ops:payments.errors.currency";
  const amount = validateAmount(v.amount, { scale: 18 });
  if (!amount.ok) e.amount = "ops:payments.errors.amount";
  if (!v.payerName) e.payerName = "ops:payments.errors.payer-required";
  else if (v.payerName.length > 140) e.payerName = "ops:payments.errors.too-long";
  if (v.payerAccount.length > 42) e.payerAccount = "ops:payments.errors.too-long";
  if (v.reference.length > 140) e.reference = "ops:payments.errors.too-long";
  return e;
}

/** API field errors → this form's fields. */
function apiErrors(list: ApiFieldError[]): Errors {
  const e: Errors = {};
  for (const f of list) {
    const field = (f.property === "balanceId" ? "account" : f.property) as Field;
    if (!(FIELDS as readonly string[]).includes(field)) e.form = "ops:payments.errors.failed";
    else
      e[field] =
        field === "amount"
          ? "ops:payments.errors.amount"
          : field === "currencyId"
            ? "ops:payments.errors.currency"
            : "ops:payments.errors.invalid";
  }
  return e;
}

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "PAYMENTS");
  const form = await request.formData();
  const values = Object.fromEntries([...FIELDS, "idempotencyKey"].map((k) => [k, String(form.get(k) ?? "").trim()])) as Values;
  values.currencyId = values.currencyId.toUpperCase();
  const errors = check(values);
  if (!/^[A-Za-z0-9-]{8,100}$/.test(values.idempotencyKey)) values.idempotencyKey = randomUUID();
  if (Object.keys(errors).length) return json({ errors, values }, { status: 400 });
  try {
    const posted = await api.post<IncomingPayment>("/payments/incoming", {
      account: values.account,
      currencyId: values.currencyId,
      amount: (validateAmount(values.amount, { scale: 18 }) as { value: string }).value,
      payerName: values.payerName,
      payerAccount: values.payerAccount || undefined,
      reference: values.reference || undefined,
      idempotencyKey: values.idempotencyKey,
    });
    return redirect(`/ops/payments/incoming?posted=${encodeURIComponent(posted.id)}`);
  } catch (error) {
    if (!(error instanceof OpsApiError)) throw error;
    const body = error.body;
    const e: Errors =
      body.code === "VALIDATION_FAILED" && Array.isArray(body.message)
        ? apiErrors(body.message)
        : body.code === "NOT_FOUND"
          ? { account: "ops:payments.errors.no-balance" }
          : body.code === "IDEMPOTENCY_KEY_REUSED"
            ? { form: "ops:payments.errors.key-reused" }
            : { form: "ops:payments.errors.failed" };
    // A refused body was not stored: a fresh key lets the corrected form through.
    return json({ errors: e, values: { ...values, idempotencyKey: randomUUID() } }, { status: error.status });
  }
}

export default function OpsIncomingPayment() {
  const { t, i18n } = useTranslation("ops");
  const { key, recent, recentError } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Errors = data?.errors ?? {};
  const values: Partial<Values> = data?.values ?? {};
  const posted = params.get("posted");
  const field = (
    name: Field,
    opts: { label: string; hint?: string; autoComplete?: string; inputMode?: "decimal"; required?: boolean },
  ) => {
    const id = `incoming-${name}`;
    const describedBy = [opts.hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(" ");
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{opts.label}</label>
        {opts.hint ? (
          <p id={`${id}-hint`} className={styles.notice}>
            {opts.hint}
          </p>
        ) : null}
        <input
          id={id}
          name={name}
          className={styles.input}
          defaultValue={values[name] ?? ""}
          autoComplete="off"
          inputMode={opts.inputMode}
          required={opts.required}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {errors[name] ? (
          <p id={`${id}-error`} className={styles.error} data-testid={`${name}-error`}>
            {t(errors[name]!)}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      <h1>{t("payments.incoming.title")}</h1>
      <p>
        <Link to="/ops/payments">{t("payments.incoming.to-list")}</Link>
      </p>
      <p>{t("payments.incoming.intro")}</p>
      {posted ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t("payments.done.incoming")}
        </p>
      ) : null}
      {errors.form ? (
        <p className={styles.error} role="alert" data-testid="form-error">
          {t(errors.form)}
        </p>
      ) : null}
      <Form method="post" className={styles.form} noValidate>
        <OpsCsrfInput />
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey ?? key} />
        {field("account", { label: t("payments.incoming.account"), hint: t("payments.incoming.account-hint"), required: true })}
        {field("currencyId", {
          label: t("payments.incoming.currency"),
          hint: t("payments.incoming.currency-hint"),
          required: true,
        })}
        {field("amount", { label: t("payments.amount"), inputMode: "decimal", required: true })}
        {field("payerName", { label: t("payments.incoming.payer-name"), required: true })}
        {field("payerAccount", { label: t("payments.incoming.payer-account") })}
        {field("reference", { label: t("payments.reference") })}
        <button type="submit" className={styles.button}>
          {t("payments.incoming.submit")}
        </button>
      </Form>
      <h2>{t("payments.incoming.recent")}</h2>
      {recentError ? (
        <ListError message={recentError} testId="incoming-error" />
      ) : recent.length === 0 ? (
        <p>{t("payments.incoming.none")}</p>
      ) : (
        <table className={styles.table} data-testid="incoming">
          <thead>
            <tr>
              <th scope="col">{t("payments.created")}</th>
              <th scope="col">{t("payments.incoming.customer")}</th>
              <th scope="col">{t("payments.amount")}</th>
              <th scope="col">{t("payments.incoming.payer-name")}</th>
              <th scope="col">{t("payments.reference")}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((r) => (
              <tr key={r.id} data-testid="incoming-row">
                <td>
                  {new Date(r.createdAt).toLocaleString(i18n.language, {
                    dateStyle: "medium",
                    timeStyle: "short",
                    timeZone: "UTC",
                  })}
                </td>
                <td>
                  {r.organizationName}
                  <br />
                  <span dir="ltr">{r.accountNumber}</span>
                </td>
                <td>
                  <OpsMoney amount={r.amount} currency={r.currencyId} />
                </td>
                <td>
                  {r.payerName}
                  {r.payerAccount ? (
                    <>
                      <br />
                      <span dir="ltr">{r.payerAccount}</span>
                    </>
                  ) : null}
                </td>
                <td>{r.reference ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
