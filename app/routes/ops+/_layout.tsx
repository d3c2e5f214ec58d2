/**
 * /ops layout (issue 13): the back office shell for every /ops page, login included. Its loader
 * gives the ops session's CSRF token (created on the first visit) and the staff user when signed
 * in; it never redirects (the pages do, with `requireStaff`). A 403 from a page (missing role)
 * renders inside the shell.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpsShell } from "~/components/ops/OpsShell";
import { OPS_LAYOUT_ID } from "~/components/ops/OpsCsrfInput";
import { commitOpsSession, ensureOpsCsrf, getOpsSession, optionalStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getOpsSession(request);
  const { token, created } = ensureOpsCsrf(session);
  const staff = await optionalStaff(session);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (created) headers.append("Set-Cookie", await commitOpsSession(session));
  return json({ csrf: token, staff: staff ? { email: staff.email, roles: staff.roles } : null }, { headers });
}

export default function OpsLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <OpsShell staff={staff}>
      <Outlet />
    </OpsShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>(OPS_LAYOUT_ID);
  const { t } = useTranslation("ops");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const key = status === 403 ? "forbidden" : status === 404 ? "not-found" : "failed";
  return (
    <OpsShell staff={data?.staff ?? null}>
      <h1>{t(`error.${key}.title`)}</h1>
      <p>{t(`error.${key}.text`)}</p>
      <p>
        <Link to="/ops">{t("error.back")}</Link>
      </p>
    </OpsShell>
  );
}
