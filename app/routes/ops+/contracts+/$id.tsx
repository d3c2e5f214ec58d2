/**
 * /ops/contracts/:id — review one beneficiary contract (role COMPLIANCE; issue 13): the contract,
 * its beneficiary and organization, its documents; while UNDER_REVIEW, approve or reject with a
 * reason the customer reads. Plain POST forms (`intent`), CSRF checked before the body is read.
 * The item and its lists come in one answer of the ops API: a refusal is the item's, so the error
 * page (404 for an unknown one); no list of this page is read apart (docs/decisions.md "Failed lists").
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Beneficiary, BeneficiaryContract, BeneficiaryDocument } from "../../../../server/api/v1/contract";
import { OpsNotices } from "~/components/ops/OpsForm";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ReviewDecisionSection, ReviewDocuments, ReviewStatusEntries } from "~/components/ops/OpsReview";
import { requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { decideReview, notFoundAs404, reviewDoneOf } from "~/lib/ops-forms.server";

export const handle = { i18n: ["ops"], titleKey: "ops:beneficiaries.contract-review-title" };

interface View {
  contract: BeneficiaryContract;
  beneficiary: Beneficiary;
  organizationName: string;
  documents: BeneficiaryDocument[];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const view = await notFoundAs404(api.get<View>(`/contracts/${encodeURIComponent(params.id ?? "")}`));
  return json({ view, done: reviewDoneOf(request) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "COMPLIANCE");
  const id = encodeURIComponent(params.id ?? "");
  return decideReview(api, await request.formData(), `/contracts/${id}`, `/ops/contracts/${id}`);
}

export default function OpsContract() {
  const { t } = useTranslation("ops");
  const { view, done } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const c = view.contract;
  return (
    <>
      <p>
        <Link to="/ops/contracts">{t("beneficiaries.back-contracts")}</Link>
      </p>
      <h1>{t("beneficiaries.contract-heading", { name: c.name })}</h1>
      <OpsNotices doneKey={done ? `beneficiaries.done.${done}` : null} formError={data?.form} />
      <dl className={styles.dl}>
        <ReviewStatusEntries status={c.status} rejectionReason={c.rejectionReason} />
        <dt>{t("beneficiaries.contract-number")}</dt>
        <dd>{c.number ?? "—"}</dd>
        <dt>{t("beneficiaries.beneficiary")}</dt>
        <dd>
          <Link to={`/ops/beneficiaries/${view.beneficiary.id}`}>{view.beneficiary.name}</Link> —{" "}
          {t(`beneficiaries.status.${view.beneficiary.status}`)}
        </dd>
        <dt>{t("beneficiaries.organization")}</dt>
        <dd>{view.organizationName}</dd>
      </dl>
      <ReviewDocuments documents={view.documents} />
      <ReviewDecisionSection status={c.status} action={`/ops/contracts/${c.id}`} answer={data} />
    </>
  );
}
