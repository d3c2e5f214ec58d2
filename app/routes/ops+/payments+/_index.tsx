/**
 * /ops/payments?rail=&status= — payments on external rails for staff with role PAYMENTS (issue 13;
 * docs/ops.md "Payments"): filter by rail (payment kind) and settlement status (default PENDING);
 * per payment: settle (PENDING), reject with a reason (PENDING: sum and fee back, payment FAILED),
 * refund with a reason (PENDING or SETTLED: sum back as a REFUND item). Plain forms (CSRF first);
 * after a decision the page redirects back to the same filter with a notice (a refresh never
 * posts again, and a double submit is refused by the API: 409, shown as "already decided").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OpsExternalPaymentList, PaymentKind, SettlementStatus } from "../../../../server/api/v1/contract";
import { OpsMoney, ReasonForm, readDecisionForm } from "~/components/ops/OpsPayments";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { RowAction, RowError, type RowFeedback } from "~/components/ops/RowAction";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:payments.list.title" };

const RAILS: readonly PaymentKind[] = ["EURO", "GBP", "USD", "INTERNATIONAL", "CRYPTO_ASSET_PAYMENT", "CASH_OVER_COUNTER"];
const STATUSES: readonly SettlementStatus[] = ["PENDING", "SETTLED", "REJECTED", "REFUNDED"];
const INTENTS = ["settle", "reject", "refund"] as const;

function filters(url: URL) {
  const rail = url.searchParams.get("rail") ?? "";
  const status = url.searchParams.get("status") ?? "PENDING";
  return {
    rail: (RAILS as readonly string[]).includes(rail) ? rail : "",
    status: (STATUSES as readonly string[]).includes(status) ? status : "PENDING",
    cursor: url.searchParams.get("cursor") ?? "",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "PAYMENTS");
  const f = filters(new URL(request.url));
  // A list the API refuses shows its error in the table's place, the filters kept (spec 000 §7
  // failed lists).
  const listed = await settleList(
    request,
    api.get<OpsExternalPaymentList>("/payments", {
      rail: f.rail || undefined,
      status: f.status,
      cursor: f.cursor || undefined,
      take: 20,
    }),
  );
  const list: OpsExternalPaymentList = listed.data ?? { data: [], nextCursor: null };
  return json({ filters: f, list, listError: listed.error }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "PAYMENTS");
  const form = await request.formData();
  const d = readDecisionForm(form, (intent) => intent !== "settle");
  if (!(INTENTS as readonly string[]).includes(d.intent) || !d.id) throw json({ code: "BAD_REQUEST" }, { status: 400 });
  const feedback: RowFeedback = { id: d.id, intent: d.intent, reason: d.reason };
  if (d.reasonError) return json({ feedback: { ...feedback, reasonError: d.reasonError } }, { status: 400 });
  try {
    await api.post(`/payments/${encodeURIComponent(d.id)}/${d.intent}`, d.intent === "settle" ? {} : { reason: d.reason });
  } catch (error) {
    if (!(error instanceof OpsApiError)) throw error;
    const key =
      error.body.code === "PAYMENT_SETTLEMENT_CONFLICT"
        ? "ops:payments.errors.already-decided"
        : error.body.code === "NOT_FOUND"
          ? "ops:payments.errors.not-found"
          : error.body.code === "VALIDATION_FAILED"
            ? null
            : "ops:payments.errors.failed";
    if (key === null)
      return json({ feedback: { ...feedback, reasonError: "ops:payments.errors.reason-required" } }, { status: 400 });
    return json({ feedback: { ...feedback, formError: key } }, { status: error.status });
  }
  const url = new URL(request.url);
  url.searchParams.delete("cursor");
  url.searchParams.delete("index");
  url.searchParams.set("done", d.intent);
  return redirect(`${url.pathname}${url.search}`);
}

/** The settlement status badge text key. */
const statusKey = (s: SettlementStatus) => `payments.status.${s}`;

export default function OpsPayments() {
  const { t, i18n } = useTranslation("ops");
  const { filters: f, list, listError } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const feedback = data?.feedback as RowFeedback | undefined;
  const [params] = useSearchParams();
  const done = params.get("done");
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <>
      <h1>{t("payments.list.title")}</h1>
      <p>
        <Link to="/ops/payments/incoming">{t("payments.list.to-incoming")}</Link>
      </p>
      {done && (INTENTS as readonly string[]).includes(done) ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t(`payments.done.${done}`)}
        </p>
      ) : null}
      <Form method="get" className={styles.form} aria-label={t("payments.list.filters")}>
        <div className={styles.field}>
          <label htmlFor="filter-rail">{t("payments.rail")}</label>
          <select id="filter-rail" name="rail" defaultValue={f.rail} className={styles.input}>
            <option value="">{t("payments.all-rails")}</option>
            {RAILS.map((r) => (
              <option key={r} value={r}>
                {t(`payments.rails.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="filter-status">{t("payments.settlement")}</label>
          <select id="filter-status" name="status" defaultValue={f.status} className={styles.input}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusKey(s))}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.button}>
          {t("payments.list.show")}
        </button>
      </Form>
      {listError ? (
        <ListError message={listError} testId="payments-error" />
      ) : list.data.length === 0 ? (
        <p data-testid="empty">{t("payments.list.empty")}</p>
      ) : (
        <table className={styles.table} data-testid="payments">
          <caption>{t("payments.list.caption", { status: t(statusKey(f.status as SettlementStatus)) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("payments.created")}</th>
              <th scope="col">{t("payments.payer")}</th>
              <th scope="col">{t("payments.beneficiary")}</th>
              <th scope="col">{t("payments.rail")}</th>
              <th scope="col">{t("payments.amount")}</th>
              <th scope="col">{t("payments.settlement")}</th>
              <th scope="col">{t("payments.decide")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((p) => (
              <tr key={p.id} data-testid="payment-row" data-payment-id={p.id}>
                <td>{date(p.createdAt)}</td>
                <td>
                  {p.organizationName}
                  <br />
                  <span dir="ltr">{p.accountNumber}</span>
                </td>
                <td>
                  {p.benificiaryFullName}
                  <br />
                  <span dir="ltr">{p.payeeDescription}</span>
                  {p.reference ? (
                    <>
                      <br />
                      {t("payments.reference")}: {p.reference}
                    </>
                  ) : null}
                </td>
                <td>
                  {t(`payments.rails.${p.kind}`)}
                  {p.paymentType ? (
                    <>
                      <br />
                      <span dir="ltr">{p.paymentType}</span>
                    </>
                  ) : null}
                </td>
                <td>
                  <OpsMoney amount={p.amount} currency={p.currencyId} />
                  {p.fee ? (
                    <>
                      <br />
                      {t("payments.fee")}: <OpsMoney amount={p.fee.amount} currency={p.fee.currencyId} />
                    </>
                  ) : null}
                </td>
                <td data-testid="settlement">
                  {t(statusKey(p.settlement.status))}
                  {p.settlement.reason ? (
                    <>
                      <br />
                      {t("payments.reason")}: {p.settlement.reason}
                    </>
                  ) : null}
                </td>
                <td className={styles.decisions}>
                  <RowError id={p.id} feedback={feedback} />
                  {p.settlement.status === "PENDING" ? (
                    <RowAction id={p.id} intent="settle" label={t("payments.settle")} />
                  ) : null}
                  {p.settlement.status === "PENDING" ? (
                    <ReasonForm id={p.id} intent="reject" labels="payments" feedback={feedback} danger />
                  ) : null}
                  {p.settlement.status === "PENDING" || p.settlement.status === "SETTLED" ? (
                    <ReasonForm id={p.id} intent="refund" labels="payments" feedback={feedback} danger />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.nextCursor ? (
        <p>
          <Link
            to={`/ops/payments?${new URLSearchParams({ ...(f.rail ? { rail: f.rail } : {}), status: f.status, cursor: list.nextCursor }).toString()}`}
          >
            {t("payments.list.more")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
