/**
 * /ops/beneficiaries/:id — review one beneficiary (role COMPLIANCE; issue 13): its details as
 * the customer gave them, its organization, documents and contracts; while UNDER_REVIEW, approve
 * or reject with a reason the customer reads. Plain POST forms (`intent`), CSRF checked before
 * the body is read; after a decision the page shows the new status.
 * The item and its lists come in one answer of the ops API: a refusal is the item's, so the error
 * page (404 for an unknown one); no list of this page is read apart (docs/decisions.md "Failed lists").
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { Beneficiary, BeneficiaryContract, BeneficiaryDocument } from "../../../../server/api/v1/contract";
import { OpsNotices } from "~/components/ops/OpsForm";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ReviewDecisionSection, ReviewDocuments, ReviewStatusEntries } from "~/components/ops/OpsReview";
import { requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { decideReview, notFoundAs404, reviewDoneOf } from "~/lib/ops-forms.server";

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
  return json({ view, done: reviewDoneOf(request) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "COMPLIANCE");
  const id = encodeURIComponent(params.id ?? "");
  return decideReview(api, await request.formData(), `/beneficiaries/${id}`, `/ops/beneficiaries/${id}`);
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
      <OpsNotices doneKey={done ? `beneficiaries.done.${done}` : null} formError={data?.form} />
      <dl className={styles.dl}>
        <ReviewStatusEntries status={b.status} rejectionReason={b.rejectionReason} />
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
      <ReviewDocuments documents={view.documents} />
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
      <ReviewDecisionSection status={b.status} action={`/ops/beneficiaries/${b.id}`} answer={data} />
    </>
  );
}
