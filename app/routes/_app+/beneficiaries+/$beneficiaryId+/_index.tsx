/**
 * /beneficiaries/:beneficiaryId — one saved beneficiary (spec 000 §2, §3, §4): every property
 * its payment type has, the status badge (and the staff's reason when REJECTED), and what the
 * customer can do now: pay it (APPROVED), edit it (DRAFT/REJECTED), submit it for review (POST
 * here, `intent=submit` → PUT /v1/beneficiaries/:id/status UNDER_REVIEW), its contracts, delete
 * it (confirmation page). `?notice=saved|submitted` after the form. The IBAN reads in groups of
 * four, the sort code in pairs (12-34-56).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Beneficiary, BeneficiariesSettings } from "../../../../../server/api/v1/contract";
import { countryName } from "~/lib/countries.server";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import i18next from "~/lib/i18next.server";
import { isEditable, payeeFields, payHref, statusTone } from "~/lib/beneficiaries";
import { verifyCsrf } from "~/lib/csrf.server";
import { formatIban } from "../../../../../server/rules/iban-format";
import { formatSortCode } from "../../../../../server/rules/sort-code";
import detailsList from "~/components/ui/DetailsList.module.css";
import styles from "../beneficiaries.module.css";

export const handle = { i18n: ["beneficiaries"], titleKey: "beneficiaries:detail.title" };

async function loadBeneficiary(api: Api, id: string): Promise<Beneficiary> {
  try {
    return await api.get<Beneficiary>(`/beneficiaries/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const [b, settings] = await Promise.all([
    loadBeneficiary(api, params.beneficiaryId ?? ""),
    api.get<BeneficiariesSettings>("/settings/beneficiaries"),
  ]);
  const notice = new URL(request.url).searchParams.get("notice");
  const lng = await i18next.getLocale(request);
  const rows = ["beneficiaryType", "nickname", "currencyId", ...payeeFields(b.paymentType, b.currencyId)]
    .map((f) => {
      const value = b[f as keyof Beneficiary];
      if (value === null || value === "" || value === false) return null;
      const text =
        value === true
          ? "yes"
          : /country/i.test(f)
            ? `${countryName(String(value), lng) ?? value} (${value})`
            : f === "iban"
              ? formatIban(String(value))
              : f === "sortCode"
                ? formatSortCode(String(value))
                : String(value);
      return { field: f, text };
    })
    .filter((r): r is { field: string; text: string } => r !== null);
  return json(
    {
      beneficiary: b,
      rows,
      payHref: b.status === "APPROVED" ? payHref(b) : null,
      editable: isEditable(b.status, settings.approvalRequired),
      submittable: settings.approvalRequired && (b.status === "DRAFT" || b.status === "REJECTED"),
      notice: notice === "saved" || notice === "submitted" ? notice : null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** POST `intent=submit`: ask for review, then back here (PRG). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const id = params.beneficiaryId ?? "";
  const form = await request.formData();
  if (form.get("intent") !== "submit") throw new Response("Bad request", { status: 400 });
  try {
    await api.request("PUT", `/beneficiaries/${encodeURIComponent(id)}/status`, { body: { status: "UNDER_REVIEW" } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404 });
    // 409: already decided meanwhile; the page shows the current status.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
  return redirect(`/beneficiaries/${encodeURIComponent(id)}?notice=submitted`, { headers: await api.headers() });
}

export default function BeneficiaryDetail() {
  const { beneficiary: b, rows, payHref: pay, editable, submittable, notice } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  return (
    <>
      <p>
        <Link to="/beneficiaries">{t("back")}</Link>
      </p>
      <h1>{b.name}</h1>
      {notice ? (
        <Alert kind="success" testId="beneficiary-notice">
          {t(`detail.notice.${notice}`)}
        </Alert>
      ) : null}
      <p>
        <StatusBadge tone={statusTone(b.status)} label={t(`statuses.${b.status}`)} testId="beneficiary-status" />{" "}
        <span>{t(`status-help.${b.status}`)}</span>
      </p>
      {b.status === "REJECTED" && b.rejectionReason ? (
        <Alert kind="error" testId="rejection-reason">
          {t("detail.rejected", { reason: b.rejectionReason })}
        </Alert>
      ) : null}
      <dl className={detailsList.details}>
        <dt>{t("fields.paymentType")}</dt>
        <dd>{t(`payment-types.${b.paymentType}`)}</dd>
        {rows.map((r) => (
          <div key={r.field} className={styles.row}>
            <dt>{t(`fields.${r.field}`)}</dt>
            <dd dir={/country|Type/.test(r.field) ? undefined : "ltr"}>
              {r.field === "beneficiaryType"
                ? t(`beneficiary-types.${r.text}`)
                : r.field === "useIntermediaryBank"
                  ? t("detail.yes")
                  : r.text}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        {pay ? (
          <Link to={pay} data-testid="pay-beneficiary">
            {t("pay")}
          </Link>
        ) : null}
        {submittable ? (
          <Form method="post">
            <AuthenticityTokenInput />
            <Button type="submit" name="intent" value="submit">
              {t("detail.submit")}
            </Button>
          </Form>
        ) : null}
        {editable ? <Link to={`/beneficiaries/${b.id}/edit`}>{t("detail.edit")}</Link> : null}
        <Link to={`/beneficiaries/${b.id}/contracts`}>{t("detail.contracts")}</Link>
        <Link to={`/beneficiaries/${b.id}/delete`}>{t("detail.delete")}</Link>
      </div>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
