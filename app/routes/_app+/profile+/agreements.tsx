/**
 * /profile/agreements — the agreements the bank asks the signed-in person to sign (spec 001 §2
 * "/profile/agreements: unsigned agreements", §7 Agreements; issue 10): each with its version, a
 * download link (/profile/agreements/:agreementId/file) and a sign button. Works without
 * JavaScript:
 * - POST agreementId=<id> (CSRF-checked) → POST /v1/agreements/:id/sign (idempotent: a double
 *   submit or a second tab changes nothing) → back here with a confirmation (PRG). An agreement
 *   not (or no longer) asked of the person answers the page with a message (status 400).
 * The /home banner links here while any agreement is unsigned.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListResponse, ProfileAgreement } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ListError } from "~/components/ui/ListError";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { formatDate } from "~/lib/dates";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import styles from "./profile.module.css";

export const handle = { i18n: ["profile"], titleKey: "profile:agreements.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  // A list the API refuses: its error in the list's place (spec 000 §7; lib/list-errors.server.ts).
  const list = await settleList(request, api.get<ListResponse<ProfileAgreement>>("/agreements/unsigned"));
  const signed = new URL(request.url).searchParams.get("done") === "signed";
  return json(
    { agreements: list.data?.data ?? [], listError: list.error, signed },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const agreementId = String(form.get("agreementId") ?? "");
  try {
    await api.post<ProfileAgreement>(`/agreements/${encodeURIComponent(agreementId)}/sign`, {});
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const t = await i18next.getFixedT(request, "profile");
    return json({ error: t("agreements.not-found") }, { status: 400, headers: await api.headers() });
  }
  return redirect("/profile/agreements?done=signed", { headers: await api.headers() });
}

function AgreementRow({ agreement }: { agreement: ProfileAgreement }) {
  const { t } = useTranslation("profile");
  const href = `/profile/agreements/${encodeURIComponent(agreement.id)}/file`;
  return (
    <li className={styles.device} data-testid="agreement">
      <div>
        <strong>{agreement.title}</strong>
        <div className={styles.meta}>
          {t("agreements.version", { version: agreement.version, when: formatDate(agreement.requestedAt) })}
        </div>
        <a href={href} download data-testid="agreement-file">
          {t("agreements.download", { title: agreement.title })}
        </a>
      </div>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="agreementId" value={agreement.id} />
        <Button type="submit">{t("agreements.sign", { title: agreement.title })}</Button>
      </Form>
    </li>
  );
}

export default function ProfileAgreements() {
  const { agreements, listError, signed } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  return (
    <>
      <h1>{t("agreements.title")}</h1>
      {signed ? <Alert kind="success">{t("agreements.signed")}</Alert> : null}
      {failed?.error ? <Alert kind="error">{failed.error}</Alert> : null}
      {listError ? (
        <ListError message={listError} testId="agreements-error" />
      ) : agreements.length === 0 ? (
        <p data-testid="agreements-none">{t("agreements.none")}</p>
      ) : (
        <>
          <p>{t("agreements.intro")}</p>
          <ul className={styles.devices}>
            {agreements.map((a) => (
              <AgreementRow key={a.id} agreement={a} />
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/profile">{t("back")}</Link>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
