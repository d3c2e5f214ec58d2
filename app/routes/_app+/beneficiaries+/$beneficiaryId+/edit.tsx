/**
 * /beneficiaries/:beneficiaryId/edit — change a saved beneficiary (spec 000 §3, §4): only a
 * DRAFT or REJECTED one (any, when no approval is required); others go back to the detail
 * page. The type and currency can be changed (`?paymentType=&currencyId=`, first step again).
 * Saving: PUT /v1/beneficiaries/:id (a full replacement; it becomes DRAFT again), then
 * PUT …/status UNDER_REVIEW when submitted for review (../__form.server.ts).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Beneficiary } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { isEditable } from "~/lib/beneficiaries";
import { DetailsStep, TypeStep } from "../__form";
import {
  ApiError,
  beneficiaryValues,
  formChoice,
  formChoices,
  i18next,
  keptValues,
  queryValues,
  requireAppContext,
  saveBeneficiary,
  typeStepErrors,
} from "../__form.server";

export const handle = { i18n: ["beneficiaries", "errors"], titleKey: "beneficiaries:edit.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const id = params.beneficiaryId ?? "";
  let beneficiary: Beneficiary;
  try {
    beneficiary = await api.get<Beneficiary>(`/beneficiaries/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404 });
    throw error;
  }
  const url = new URL(request.url);
  const { paymentType, currencyId } = formChoice(url.searchParams, beneficiary);
  const choices = await formChoices(api, request, paymentType, currencyId, await i18next.getLocale(request));
  if (!isEditable(beneficiary.status, choices.approvalRequired))
    throw redirect(`/beneficiaries/${beneficiary.id}`, { headers: await api.headers() });
  // What a save that met an expired session brought, kept for this login: shown unsaved.
  const kept = keptValues(await api.keptForm(), paymentType, currencyId);
  const values = kept ?? { ...beneficiaryValues(beneficiary), ...queryValues(url.searchParams) };
  const ready =
    url.searchParams.get("step") !== "type" && paymentType !== null && (paymentType !== "LOCAL" || currencyId !== null);
  return json(
    {
      beneficiary: {
        id: beneficiary.id,
        name: beneficiary.name,
        status: beneficiary.status,
        rejectionReason: beneficiary.rejectionReason,
      },
      ready,
      typeErrors: typeStepErrors(url.searchParams, paymentType, currencyId),
      kept: kept !== null,
      paymentType,
      currencyId,
      values,
      choices,
      changeHref: `/beneficiaries/${beneficiary.id}/edit?step=type`,
      actionHref: `/beneficiaries/${beneficiary.id}/edit?${new URLSearchParams({ paymentType: paymentType ?? "", currencyId: currencyId ?? "" }).toString()}`,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  return saveBeneficiary(request, params.beneficiaryId ?? "");
}

export default function EditBeneficiary() {
  const { beneficiary, ready, typeErrors, kept, paymentType, currencyId, values, choices, changeHref, actionHref } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<{ fieldErrors: Record<string, string>; values: Record<string, string> }>();
  const { t } = useTranslation("beneficiaries");
  return (
    <>
      <h1>{t("edit.title", { name: beneficiary.name })}</h1>
      {beneficiary.status === "REJECTED" && beneficiary.rejectionReason ? (
        <Alert kind="error">{t("detail.rejected", { reason: beneficiary.rejectionReason })}</Alert>
      ) : null}
      {kept && !actionData ? <Alert testId="kept-answers">{t("form.kept")}</Alert> : null}
      {ready && paymentType ? (
        <DetailsStep
          action={actionHref}
          paymentType={paymentType}
          currencyId={currencyId}
          values={actionData?.values ?? values}
          errors={actionData?.fieldErrors}
          choices={choices}
          changeHref={changeHref}
          cancelHref={`/beneficiaries/${beneficiary.id}`}
        />
      ) : (
        <TypeStep values={values} paymentType={paymentType} errors={typeErrors} />
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
