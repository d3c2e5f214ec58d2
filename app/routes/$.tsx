/**
 * Splat route: any unknown URL → not-found page with status 404, inside the signed-in layout
 * when there is a session.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MaybeShell } from "~/components/layout/MaybeShell";
import { optionalShell } from "~/lib/app-context.server";

export const handle = { titleKey: "common:not-found.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { shell, headers } = await optionalShell(request);
  return json({ shell }, { status: 404, headers });
}

export default function NotFound() {
  const { shell } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <MaybeShell shell={shell}>
      <h1>{t("not-found.title")}</h1>
      <p>{t("not-found.text")}</p>
      <Link to="/home">{t("back-home")}</Link>
    </MaybeShell>
  );
}
