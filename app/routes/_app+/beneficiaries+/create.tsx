/**
 * /beneficiaries/create — add a saved beneficiary (spec 000 §2, §3). Without `paymentType`
 * (or a LOCAL one without its currency) the first step asks for it; then the details form.
 * Any Beneficiary property can be pre-filled from the query (`?paymentType=LOCAL&currencyId=GBP
 * &name=…&sortCode=…`), as links from elsewhere do. Saving: POST /v1/beneficiaries, and
 * PUT …/status UNDER_REVIEW when the customer submits it for review (__form.server.ts).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { DetailsStep, TypeStep } from "./__form";
import {
  formChoice,
  formChoices,
  i18next,
  keptValues,
  queryValues,
  refuseOfficial,
  requireAppContext,
  saveBeneficiary,
  typeStepErrors,
} from "./__form.server";

export const handle = { i18n: ["beneficiaries", "errors"], titleKey: "beneficiaries:create.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await refuseOfficial(api, org);
  const params = new URL(request.url).searchParams;
  const { paymentType, currencyId } = formChoice(params);
  // What a save that met an expired session brought, kept for this login: shown unsaved.
  const kept = keptValues(await api.keptForm(), paymentType, currencyId);
  const values = kept ?? queryValues(params);
  const ready = params.get("step") !== "type" && paymentType !== null && (paymentType !== "LOCAL" || currencyId !== null);
  const choices = await formChoices(api, request, ready ? paymentType : null, currencyId, await i18next.getLocale(request));
  const carry = new URLSearchParams(values);
  if (paymentType) carry.set("paymentType", paymentType);
  return json(
    {
      ready,
      typeErrors: typeStepErrors(params, paymentType, currencyId),
      kept: kept !== null,
      paymentType,
      currencyId,
      values,
      choices,
      changeHref: `/beneficiaries/create?${carry.toString()}&step=type`,
      // The type and currency stay in the URL the form posts to, so the page that answers
      // (errors, or the revalidation after them) shows the same step.
      actionHref: `/beneficiaries/create?${new URLSearchParams({ paymentType: paymentType ?? "", currencyId: currencyId ?? "" }).toString()}`,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return saveBeneficiary(request);
}

export default function CreateBeneficiary() {
  const { ready, typeErrors, kept, paymentType, currencyId, values, choices, changeHref, actionHref } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<{ fieldErrors: Record<string, string>; values: Record<string, string> }>();
  const { t } = useTranslation("beneficiaries");
  return (
    <>
      <h1>{t("create.title")}</h1>
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
          cancelHref="/beneficiaries"
        />
      ) : (
        <TypeStep values={values} paymentType={paymentType} errors={typeErrors} />
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
