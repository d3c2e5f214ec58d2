/**
 * /payments/gbp — pound payment, first step (spec 000 §2 Pound option): the GBP balance to pay
 * from and the scheme (Faster Payments or BACS, those GET /v1/settings/payments offers with
 * GBP). A GET form to /payments/gbp/form?source=<accountId:GBP>&scheme=<type>: works without
 * JavaScript and can be bookmarked.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { requireAppContext } from "~/lib/app-context.server";
import { GBP_KIND_TYPES } from "~/lib/payment-options";
import { railOptions } from "../__rail-options.server";
import { SchemeChooser } from "../__scheme-chooser";

export const handle = { i18n: ["payments"], titleKey: "payments:gbp.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  // A refused accounts list or payments settings: its error in the choice's place (railOptions).
  const options = await railOptions(request, api, org.id, "GBP", GBP_KIND_TYPES);
  return json(options, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

export default function GbpChooser() {
  const options = useLoaderData<typeof loader>();
  return <SchemeChooser section="gbp" {...options} action="/payments/gbp/form" />;
}

export const ErrorBoundary = RouteErrorBoundary;
