/**
 * /profile/organizations — the profile popup as a page (issue 10; spec 001 §2 "Profile popup"):
 * where the header's user-name link leads without JavaScript (with it, the link opens the popup).
 * POST organizationId=<id> switches the active organization (spec 000 §2: /home is the target
 * after a switch): the choice is kept in the web session and accepted only for one of the
 * user's own organizations (whoami `organizations`); any other id answers 403 and changes
 * nothing. The API still checks organizationId on every call.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProfileMenu } from "~/components/layout/ProfileMenu";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { chooseOrganization, requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { profileMenu } from "~/lib/profile-menu";

export const handle = { i18n: ["common"], titleKey: "common:profile-menu.page-title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api, org } = await requireAppContext(request);
  return json({ menu: profileMenu(user, org) }, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppContext(request);
  await verifyCsrf(request, ctx.api.session);
  const form = await request.formData();
  const organizationId = String(form.get("organizationId") ?? "");
  if (!chooseOrganization(ctx, organizationId))
    throw new Response("Not one of your organizations", { status: 403, headers: await ctx.api.headers() });
  return redirect("/home", { headers: await ctx.api.headers() });
}

export default function ProfileOrganizationsPage() {
  const { menu } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{menu.fullName ?? t("profile-menu.title")}</h1>
      <ProfileMenu menu={menu} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
