/**
 * /ops/fx-requests?status= — FX rate requests for staff with role PAYMENTS (issue 13; docs/ops.md
 * "Payments"): the signed requests waiting for the bank (PENDING, default), or the decided ones.
 * Accept executes the exchange at the customer's proposed rate (server/domain/exchange/fx-requests.ts
 * decideFxRequest); reject needs a reason the customer sees and refunds the held sum and fee.
 * Plain forms (CSRF first); after a decision the page redirects back with a notice; a second
 * decision is refused by the API (409) and shown as "already decided".
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FxRequest } from "../../../server/api/v1/contract";
import { OpsRate } from "~/components/ops/OpsNumbers";
import { OpsMoney, ReasonForm, readDecisionForm } from "~/components/ops/OpsPayments";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { RowAction, RowError, type RowFeedback } from "~/components/ops/RowAction";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:payments.fx.title" };

const STATUSES = ["PENDING", "ACCEPTED", "REJECTED"] as const;
const INTENTS = ["accept", "reject"] as const;

type Page = {
  edges: { node: FxRequest & { organizationName: string }; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "PAYMENTS");
  const url = new URL(request.url);
  const wanted = url.searchParams.get("status") ?? "PENDING";
  const status = (STATUSES as readonly string[]).includes(wanted) ? wanted : "PENDING";
  const cursor = url.searchParams.get("cursor") || undefined;
  // A list the API refuses (a cursor it does not know too) shows its error in the table's place
  // (spec 000 §7 failed lists).
  const listed = await settleList(request, api.get<Page>("/fx-requests", { status, cursor, take: 20 }));
  const page: Page = listed.data ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };
  return json({ status, page, listError: listed.error }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "PAYMENTS");
  const form = await request.formData();
  const d = readDecisionForm(form, (intent) => intent === "reject");
  if (!(INTENTS as readonly string[]).includes(d.intent) || !d.id) throw json({ code: "BAD_REQUEST" }, { status: 400 });
  const feedback: RowFeedback = { id: d.id, intent: d.intent, reason: d.reason };
  if (d.reasonError) return json({ feedback: { ...feedback, reasonError: d.reasonError } }, { status: 400 });
  try {
    await api.post(`/fx-requests/${encodeURIComponent(d.id)}/${d.intent}`, d.intent === "reject" ? { reason: d.reason } : {});
  } catch (error) {
    if (!(error instanceof OpsApiError)) throw error;
    const key =
      error.body.code === "FX_REQUEST_STATUS_CONFLICT"
        ? "ops:payments.errors.already-decided"
        : error.body.code === "NOT_FOUND"
          ? "ops:payments.errors.not-found"
          : error.body.code === "VALIDATION_FAILED" && d.intent === "reject"
            ? null
            : "ops:payments.errors.failed";
    if (key === null)
      return json({ feedback: { ...feedback, reasonError: "ops:payments.errors.reason-required" } }, { status: 400 });
    return json({ feedback: { ...feedback, formError: key } }, { status: error.status });
  }
  return redirect(`/ops/fx-requests?done=${d.intent}`);
}

export default function OpsFxRequests() {
  const { t, i18n } = useTranslation("ops");
  const { status, page, listError } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const feedback = data?.feedback as RowFeedback | undefined;
  const [params] = useSearchParams();
  const done = params.get("done");
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) : "";
  return (
    <>
      <h1>{t("payments.fx.title")}</h1>
      {done && (INTENTS as readonly string[]).includes(done) ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t(`payments.done.fx-${done}`)}
        </p>
      ) : null}
      <Form method="get" className={styles.form} aria-label={t("payments.list.filters")}>
        <div className={styles.field}>
          <label htmlFor="fx-status">{t("payments.fx.status")}</label>
          <select id="fx-status" name="status" defaultValue={status} className={styles.input}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payments.fx.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.button}>
          {t("payments.list.show")}
        </button>
      </Form>
      {listError ? (
        <ListError message={listError} testId="fx-requests-error" />
      ) : page.edges.length === 0 ? (
        <p data-testid="empty">{t("payments.fx.empty")}</p>
      ) : (
        <table className={styles.table} data-testid="fx-requests">
          <caption>{t("payments.fx.caption", { status: t(`payments.fx.statuses.${status}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("payments.fx.signed")}</th>
              <th scope="col">{t("payments.payer")}</th>
              <th scope="col">{t("payments.fx.sell")}</th>
              <th scope="col">{t("payments.fx.buy")}</th>
              <th scope="col">{t("payments.fx.rate")}</th>
              <th scope="col">{t("payments.fee")}</th>
              <th scope="col">{t("payments.decide")}</th>
            </tr>
          </thead>
          <tbody>
            {page.edges.map(({ node: r }) => (
              <tr key={r.id} data-testid="fx-row" data-fx-id={r.id}>
                <td>{date(r.signedAt ?? r.createdAt)}</td>
                <td>
                  {r.organizationName}
                  <br />
                  <span dir="ltr">{r.senderAccountNumber}</span>
                </td>
                <td>
                  <OpsMoney amount={r.exchangeCurrencyFixedSum} currency={r.exchangeCurrencyFrom.id} />
                </td>
                <td>
                  <OpsMoney amount={r.exchangeCurrencyFlexibleSum} currency={r.exchangeCurrencyTo.id} />
                </td>
                <td>
                  <OpsRate rate={r.proposedRate} />
                </td>
                <td>{r.fee ? <OpsMoney amount={r.fee.amount} currency={r.fee.currencyId} /> : t("payments.fx.no-fee")}</td>
                <td className={styles.decisions}>
                  <RowError id={r.id} feedback={feedback} />
                  {r.status === "PENDING" ? (
                    <>
                      <RowAction id={r.id} intent="accept" label={t("payments.fx.accept")} />
                      <ReasonForm id={r.id} intent="reject" labels="payments.fx" feedback={feedback} danger />
                    </>
                  ) : (
                    <>
                      {t(`payments.fx.statuses.${r.status}`)} {date(r.decidedAt)}
                      {r.decisionReason ? (
                        <>
                          <br />
                          {t("payments.reason")}: {r.decisionReason}
                        </>
                      ) : null}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.pageInfo.hasNextPage && page.pageInfo.endCursor ? (
        <p>
          <Link to={`/ops/fx-requests?${new URLSearchParams({ status, cursor: page.pageInfo.endCursor }).toString()}`}>
            {t("payments.list.more")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
