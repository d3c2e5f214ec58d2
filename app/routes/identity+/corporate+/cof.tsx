/**
 * /identity/corporate/cof[?applicationId=] — the company officials of a corporate application
 * (spec 001 §2: directors, shareholders and UBOs): list, change and remove links, add, and
 * "Continue" (PUT the step → add-documents, or back with its errors). Page:
 * components/identity/special/officials.tsx; server: lib/identity-special-officials.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { OfficialsStep } from "~/components/identity/special/officials";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { cofAction, cofLoader } from "~/lib/identity-special-officials.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:officials.title" };

export const loader = ({ request }: LoaderFunctionArgs) => cofLoader(request);

export const action = ({ request }: ActionFunctionArgs) => cofAction(request);

export default OfficialsStep;

export const ErrorBoundary = RouteErrorBoundary;
