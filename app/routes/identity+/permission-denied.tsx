/**
 * /identity/permission-denied — a 403 answer met on an /identity page (spec 001 §2 "A 'permission
 * denied' message exists in this layout"; spec 000 §8 'Auth.access-denied'): the message inside
 * the identity layout, with the way back to the applicant's applications. An applicant who is not
 * identified yet has no /home to go back to (lib/api.server.ts sends an /identity page's 403 here,
 * any other page's to /permission-denied).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/lib/api.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "common:permission-denied.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, { allowUnidentified: true });
  return json({}, { status: 403, headers: await api.headers() });
}

export default function IdentityPermissionDenied() {
  const { t } = useTranslation(["identity", "common", "errors"]);
  return (
    <>
      <h1>{t("common:permission-denied.title")}</h1>
      <p>{t("errors:Auth.access-denied")}</p>
      <Link to="/identity">{t("identity:permission-denied.back")}</Link>
    </>
  );
}
