/**
 * /accounts/:id/top-up?currencyId= — top-up instructions of one balance (issue 9): the details
 * a payer needs on each rail (GET /v1/accounts/:id/top-up; docs/decisions.md "Top-up
 * instructions") and a PDF download (/accounts/:id/top-up/pdf). Works without JavaScript.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TopUpInstructions } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";

export const handle = { i18n: ["common", "history"], titleKey: "history:topup.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const currencyId = new URL(request.url).searchParams.get("currencyId") ?? "";
  try {
    const topUp = await api.get<TopUpInstructions>(`/accounts/${encodeURIComponent(params.id ?? "")}/top-up`, { currencyId });
    return json({ topUp }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not Found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

export default function TopUp() {
  const { topUp } = useLoaderData<typeof loader>();
  const { t } = useTranslation("history");
  return (
    <>
      <p>
        <Link to={`/accounts/${topUp.accountId}`}>{t("common:back-home")}</Link>
      </p>
      <h1>
        {t("topup.title")} {topUp.currencyId}
      </h1>
      <p>{t("topup.intro")}</p>
      <dl>
        <dt>{t("topup.beneficiary")}</dt>
        <dd>{topUp.beneficiaryName}</dd>
        <dt>{t("topup.bank")}</dt>
        <dd>{topUp.bankName}</dd>
        <dt>{t("topup.reference")}</dt>
        <dd>{topUp.reference}</dd>
      </dl>
      {topUp.methods.map((m) => (
        <section key={m.rail} aria-labelledby={`rail-${m.rail}`}>
          <h2 id={`rail-${m.rail}`}>{t(`topup.rail.${m.rail}`)}</h2>
          <dl data-testid={`topup-${m.rail}`}>
            {m.fields.map((f) => (
              <div key={f.name}>
                <dt>{t(`topup.field.${f.name}`)}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p>
        <a href={`/accounts/${topUp.accountId}/top-up/pdf?currencyId=${topUp.currencyId}`} download>
          {t("topup.pdf")}
        </a>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
