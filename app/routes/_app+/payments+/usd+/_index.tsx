/**
 * /payments/usd — USD payment, first step (spec 000 §2 USD option): the USD balance to pay
 * from and the scheme (Fedwire, when GET /v1/settings/payments offers it with USD). A GET form
 * to /payments/usd/form?source=<accountId:USD>&scheme=FEDWIRE: works without JavaScript and can
 * be bookmarked.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { railOptions } from "../__rail-options.server";
import { SchemeChooser } from "../__scheme-chooser";

export const handle = { i18n: ["payments"], titleKey: "payments:usd.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  // A refused accounts list or payments settings: its error in the choice's place (railOptions).
  const options = await railOptions(request, api, org.id, "USD", ["FEDWIRE"] as const);
  return json(options, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export default function UsdChooser() {
  const options = useLoaderData<typeof loader>();
  return <SchemeChooser section="usd" {...options} action="/payments/usd/form" />;
}

export const ErrorBoundary = RouteErrorBoundary;
