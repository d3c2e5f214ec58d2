/**
 * /permission-denied — target of a 403 answer (spec 000 §8: 'Auth.access-denied'), inside the
 * signed-in layout when there is a session.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MaybeShell } from "~/components/layout/MaybeShell";
import { optionalShell } from "~/lib/app-context.server";

export const handle = { titleKey: "common:permission-denied.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { shell, headers } = await optionalShell(request);
  return json({ shell }, { status: 403, headers });
}

export default function PermissionDenied() {
  const { shell } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <MaybeShell shell={shell}>
      <h1>{t("permission-denied.title")}</h1>
      <p>{t("errors:Auth.access-denied")}</p>
      <Link to="/home">{t("back-home")}</Link>
    </MaybeShell>
  );
}
