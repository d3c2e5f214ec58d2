/**
 * /ops/beneficiaries/:id — review one beneficiary (role COMPLIANCE; issue 13): its details as
 * the customer gave them, its organization, documents and contracts; while UNDER_REVIEW, approve
 * or reject with a reason the customer reads. Plain POST forms (`intent`), CSRF checked before
 * the body is read; after a decision the page shows the new status.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { Beneficiary, BeneficiaryContract, BeneficiaryDocument } from "../../../../server/api/v1/contract";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ReviewDecision } from "~/components/ops/ReviewDecision";
import { requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { formErrorsOf, notFoundAs404, reasonOf, text } from "~/lib/ops-forms.server";

export const handle = { i18n: ["ops"], titleKey: "ops:beneficiaries.review-title" };

interface View {
  beneficiary: Beneficiary;
  organizationName: string;
  documents: BeneficiaryDocument[];
  contracts: BeneficiaryContract[];
}

/** The beneficiary's fields shown to staff (the customer's own data, escaped by React). */
const FIELDS = [
  "beneficiaryType",
  "paymentType",
  "currencyId",
  "iban",
  "bic",
  "sortCode",
  "bankAccountNumber",
  "aba",
  "phone",
  "address",
  "city",
  "postCode",
  "countryId",
  "bankName",
  "bankAddress",
  "bankCountry",
  "caspId",
  "walletAddress",
  "collectorContact",
  "intermediaryBankName",
  "intermediaryBankBIC",
] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const view = await notFoundAs404(api.get<View>(`/beneficiaries/${encodeURIComponent(params.id ?? "")}`));
  const done = new URL(request.url).searchParams.get("done");
  return json(
    { view, done: done === "approve" || done === "reject" ? done : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What a refused decision answers: the reason typed, its error, or one for the form. */
type Answer = { reason: string; reasonError?: string; form?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "COMPLIANCE");
  const form = await request.formData();
  const intent = text(form, "intent");
  const url = `/ops/beneficiaries/${encodeURIComponent(params.id ?? "")}`;
  if (intent !== "approve" && intent !== "reject")
    return json<Answer>({ reason: "", form: "ops:admin.errors.UNKNOWN" }, { status: 400 });
  let body: { reason?: string } = {};
  if (intent === "reject") {
    const r = reasonOf(form);
    if ("error" in r) return json<Answer>({ reason: text(form, "reason"), reasonError: r.error }, { status: 400 });
    body = { reason: r.reason };
  }
  try {
    await api.post(`/beneficiaries/${encodeURIComponent(params.id ?? "")}/${intent}`, body);
  } catch (error) {
    const e = formErrorsOf(error);
    return json<Answer>({ reason: text(form, "reason"), reasonError: e.fields.reason, form: e.form }, { status: 400 });
  }
  return redirect(`${url}?done=${intent}`);
}

export default function OpsBeneficiary() {
  const { t } = useTranslation("ops");
  const { view, done } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const b = view.beneficiary;
  return (
    <>
      <p>
        <Link to="/ops/beneficiaries">{t("beneficiaries.back")}</Link>
      </p>
      <h1>{t("beneficiaries.review-heading", { name: b.name })}</h1>
      {done ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t(`beneficiaries.done.${done}`)}
        </p>
      ) : null}
      {data?.form ? (
        <p className={styles.error} role="alert" data-testid="form-error">
          {t(data.form)}
        </p>
      ) : null}
      <dl className={styles.dl}>
        <dt>{t("beneficiaries.status-label")}</dt>
        <dd data-testid="status">{t(`beneficiaries.status.${b.status}`)}</dd>
        {b.rejectionReason ? (
          <>
            <dt>{t("beneficiaries.rejection-reason")}</dt>
            <dd data-testid="rejection-reason">{b.rejectionReason}</dd>
          </>
        ) : null}
        <dt>{t("beneficiaries.organization")}</dt>
        <dd>{view.organizationName}</dd>
        <dt>{t("beneficiaries.nickname")}</dt>
        <dd>{b.nickname ?? "—"}</dd>
        {FIELDS.filter((f) => b[f] !== null && b[f] !== "").map((f) => (
          <Fragment key={f}>
            <dt>{t(`beneficiaries.field.${f}`)}</dt>
            <dd>{String(b[f])}</dd>
          </Fragment>
        ))}
      </dl>
      <h2>{t("beneficiaries.documents")}</h2>
      {view.documents.length ? (
        <ul>
          {view.documents.map((d) => (
            <li key={d.id}>
              <a
                href={`/ops/beneficiaries/${encodeURIComponent(d.beneficiaryId)}/documents/${encodeURIComponent(d.id)}`}
                data-testid="ops-beneficiary-document"
              >
                {d.name}
              </a>{" "}
              ({d.category})
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("beneficiaries.no-documents")}</p>
      )}
      <h2>{t("beneficiaries.contracts")}</h2>
      {view.contracts.length ? (
        <ul>
          {view.contracts.map((c) => (
            <li key={c.id}>
              <Link to={`/ops/contracts/${c.id}`}>{c.name}</Link> — {t(`beneficiaries.status.${c.status}`)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("beneficiaries.no-contracts")}</p>
      )}
      {b.status === "UNDER_REVIEW" ? (
        <>
          <h2>{t("beneficiaries.decide.title")}</h2>
          <ReviewDecision
            action={`/ops/beneficiaries/${b.id}`}
            labels="beneficiaries.decide"
            reason={data?.reason}
            reasonError={data?.reasonError}
          />
        </>
      ) : null}
    </>
  );
}
