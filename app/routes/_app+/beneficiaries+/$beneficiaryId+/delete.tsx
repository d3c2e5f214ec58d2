/**
 * /beneficiaries/:beneficiaryId/delete — confirmation before deleting a saved beneficiary
 * (GET: the question; POST: DELETE /v1/beneficiaries/:id, then the list with a notice). A
 * beneficiary that payments name is kept, hidden, for their history (API rule).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Beneficiary } from "../../../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Button } from "~/components/ui/Button";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import styles from "../beneficiaries.module.css";

export const handle = { i18n: ["beneficiaries"], titleKey: "beneficiaries:delete.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  try {
    const b = await api.get<Beneficiary>(`/beneficiaries/${encodeURIComponent(params.beneficiaryId ?? "")}`);
    return json({ id: b.id, name: b.name }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  try {
    await api.del(`/beneficiaries/${encodeURIComponent(params.beneficiaryId ?? "")}`);
  } catch (error) {
    // Already gone (another tab): the list shows the outcome all the same.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  return redirect("/beneficiaries?notice=deleted", { headers: await api.headers() });
}

export default function DeleteBeneficiary() {
  const { id, name } = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  return (
    <>
      <h1>{t("delete.title")}</h1>
      <p>{t("delete.question", { name })}</p>
      <Form method="post" className={styles.actions}>
        <AuthenticityTokenInput />
        <Button type="submit" variant="danger" data-testid="confirm-delete">
          {t("delete.confirm")}
        </Button>
        <Link to={`/beneficiaries/${id}`}>{t("delete.cancel")}</Link>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
