/**
 * Error boundary for pages inside the signed-in layout: keeps the layout, shows a translated
 * message (404 → not found, 403 → access denied, else 'Internal Server Error. Try Again').
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div role="alert">
      <h1>{status === 404 ? t("not-found.title") : t("errors:Errors.title")}</h1>
      <p>
        {status === 404 ? t("not-found.text") : status === 403 ? t("errors:Auth.access-denied") : t("errors:Errors.internal")}
      </p>
      <Link to="/home">{t("back-home")}</Link>
    </div>
  );
}
