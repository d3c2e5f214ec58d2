/**
 * /ops/remittance/:id — one remittance order (roles PAYMENTS or COMPLIANCE; issue 13): payee,
 * sum, purpose, files, its history; the moves allowed now (QUEUED → PROC → AML → AML_DONE →
 * ACCEPTED, or REJECTED with a reason the customer reads), shown only to the role that makes
 * them (the AML decision: COMPLIANCE; the others: PAYMENTS). Plain POST forms, CSRF first.
 * The item and its lists come in one answer of the ops API: a refusal is the item's, so the error
 * page (404 for an unknown one); no list of this page is read apart (docs/decisions.md "Failed lists").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RemittanceOrderDetail, RemittanceOrderStatus } from "../../../../server/api/v1/contract";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { requireStaff, staffHas, verifyOpsCsrf } from "~/lib/ops.server";
import { formErrorsOf, notFoundAs404, reasonOf, text } from "~/lib/ops-forms.server";

export const handle = { i18n: ["ops"], titleKey: "ops:remittance.order-title" };

type View = RemittanceOrderDetail & { organizationName: string; next: RemittanceOrderStatus[] };
const STATUSES = ["PENDING", "QUEUED", "PROC", "AML", "AML_DONE", "ACCEPTED", "REJECTED"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, staff } = await requireStaff(request, ["PAYMENTS", "COMPLIANCE"]);
  const order = await notFoundAs404(api.get<View>(`/remittance/${encodeURIComponent(params.id ?? "")}`));
  // The AML decision (from AML) is COMPLIANCE's; every other move PAYMENTS' (docs/ops.md).
  const mayMove = staffHas(staff, order.status === "AML" ? "COMPLIANCE" : "PAYMENTS");
  const moved = new URL(request.url).searchParams.get("moved");
  return json(
    { order, mayMove, moved: STATUSES.find((s) => s === moved) ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What a refused decision answers: the reason typed, its error, or one for the form. */
type Answer = { reason: string; reasonError?: string; form?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, ["PAYMENTS", "COMPLIANCE"]);
  const form = await request.formData();
  const status = STATUSES.find((s) => s === text(form, "status"));
  const id = encodeURIComponent(params.id ?? "");
  if (!status) return json<Answer>({ reason: "", form: "ops:admin.errors.UNKNOWN" }, { status: 400 });
  let reason: string | null = null;
  if (status === "REJECTED") {
    const r = reasonOf(form);
    if ("error" in r) return json<Answer>({ reason: text(form, "reason"), reasonError: r.error }, { status: 400 });
    reason = r.reason;
  }
  try {
    await api.post(`/remittance/${id}/advance`, { status, reason });
  } catch (error) {
    const e = formErrorsOf(error);
    return json<Answer>({ reason: text(form, "reason"), reasonError: e.fields.reason, form: e.form }, { status: 400 });
  }
  return redirect(`/ops/remittance/${id}?moved=${status}`);
}

export default function OpsRemittanceOrder() {
  const { t } = useTranslation("ops");
  const { order, mayMove, moved } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const forward = order.next.filter((s) => s !== "REJECTED");
  const postTo = `/ops/remittance/${order.id}`;
  return (
    <>
      <p>
        <Link to="/ops/remittance">{t("remittance.back")}</Link>
      </p>
      <h1>{t("remittance.order-heading", { name: order.payee.name })}</h1>
      {moved ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t("remittance.moved", { status: t(`remittance.status.${moved}`) })}
        </p>
      ) : null}
      {data?.form ? (
        <p className={styles.error} role="alert" data-testid="form-error">
          {t(data.form)}
        </p>
      ) : null}
      <dl className={styles.dl}>
        <dt>{t("remittance.status-label")}</dt>
        <dd data-testid="status">{t(`remittance.status.${order.status}`)}</dd>
        {order.rejectionReason ? (
          <>
            <dt>{t("remittance.rejection-reason")}</dt>
            <dd data-testid="rejection-reason">{order.rejectionReason}</dd>
          </>
        ) : null}
        <dt>{t("remittance.organization")}</dt>
        <dd>{order.organizationName}</dd>
        <dt>{t("remittance.sum")}</dt>
        <dd>
          {order.sum} {order.currencyId}
        </dd>
        <dt>{t("remittance.account")}</dt>
        <dd>{order.accountNumber}</dd>
        <dt>{t("remittance.payee")}</dt>
        <dd>
          {order.payee.name}, {order.payee.address}, {order.payee.city}, {order.payee.country.toUpperCase()} — {order.payee.phone}
          {order.payee.documentNumber ? ` — ${t("remittance.document", { number: order.payee.documentNumber })}` : ""}
        </dd>
        <dt>{t("remittance.purpose")}</dt>
        <dd>{order.description ?? "—"}</dd>
        <dt>{t("remittance.files")}</dt>
        <dd>{order.files.length ? order.files.map((f) => f.name).join(", ") : "—"}</dd>
      </dl>
      <h2>{t("remittance.history")}</h2>
      <ol data-testid="history">
        {order.history.map((h, i) => (
          <li key={i}>
            {h.createdAt.slice(0, 16).replace("T", " ")} — {h.fromStatus ? `${t(`remittance.status.${h.fromStatus}`)} → ` : ""}
            {t(`remittance.status.${h.toStatus}`)} ({t(`remittance.by.${h.by}`)}){h.reason ? `: ${h.reason}` : ""}
          </li>
        ))}
      </ol>
      {order.next.length && mayMove ? (
        <>
          <h2>{t("remittance.move-title")}</h2>
          <div className={styles.decisions}>
            {forward.map((s) => (
              <Form key={s} method="post" action={postTo} className={styles.card}>
                <OpsCsrfInput />
                <input type="hidden" name="status" value={s} />
                <p>{t(`remittance.step.${s}`)}</p>
                <button type="submit" className={styles.button} data-testid={`move-${s}`}>
                  {t("remittance.move-to", { status: t(`remittance.status.${s}`) })}
                </button>
              </Form>
            ))}
            {order.next.includes("REJECTED") ? (
              <Form method="post" action={postTo} className={styles.card}>
                <OpsCsrfInput />
                <input type="hidden" name="status" value="REJECTED" />
                <div className={styles.field}>
                  <label htmlFor="reject-reason">{t("remittance.reason")}</label>
                  <textarea
                    id="reject-reason"
                    name="reason"
                    className={styles.input}
                    rows={3}
                    maxLength={500}
                    defaultValue={data?.reason ?? ""}
                    aria-invalid={data?.reasonError ? true : undefined}
                    aria-describedby={data?.reasonError ? "reject-reason-error" : "reject-reason-hint"}
                  />
                  <p id="reject-reason-hint">{t("remittance.reason-hint")}</p>
                  {data?.reasonError ? (
                    <p id="reject-reason-error" className={styles.error} data-testid="reason-error">
                      {t(data.reasonError)}
                    </p>
                  ) : null}
                </div>
                <button type="submit" className={`${styles.button} ${styles.danger}`} data-testid="move-REJECTED">
                  {t("remittance.reject")}
                </button>
              </Form>
            ) : null}
          </div>
        </>
      ) : order.next.length ? (
        <p data-testid="other-role">{t("remittance.other-role")}</p>
      ) : null}
    </>
  );
}
