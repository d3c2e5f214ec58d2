/**
 * /identity/corporate/cof/:officialId[?applicationId=][&remove=1] — add (`new`) or change a
 * company official of a corporate application (OFFICIAL_FIELDS; POST/PUT
 * /v1/clients-applications/corporates/:id/company-officials), or confirm their removal
 * (`remove=1`; POST intent=delete → DELETE). Not nested in cof.tsx (`cof_`): a page of its own.
 * Page: components/identity/special/officials.tsx; server: lib/identity-special-officials.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { OfficialStep } from "~/components/identity/special/officials";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { officialAction, officialLoader } from "~/lib/identity-special-officials.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:officials.form.page-title" };

export const loader = ({ request, params }: LoaderFunctionArgs) => officialLoader(request, params.officialId ?? "");

export const action = ({ request, params }: ActionFunctionArgs) => officialAction(request, params.officialId ?? "");

export default OfficialStep;

export const ErrorBoundary = RouteErrorBoundary;
