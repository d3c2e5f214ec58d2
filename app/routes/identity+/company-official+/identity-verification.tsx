/**
 * /identity/company-official/identity-verification[?applicationId=] — identity verification of a COMPANY_OFFICIAL
 * application (spec 001 §2: no link of its own; shown when the scheme's kycProvider is not NONE).
 * Shared page: components/identity/special/VerificationStep.tsx; loader and action:
 * lib/identity-special.server.ts (SANDBOX outcome form, provider token, Continue).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { VerificationStep } from "~/components/identity/special/VerificationStep";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { verificationAction, verificationLoader } from "~/lib/identity-special.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:verification.title" };

export const loader = ({ request }: LoaderFunctionArgs) => verificationLoader(request, "COMPANY_OFFICIAL");

export const action = ({ request }: ActionFunctionArgs) => verificationAction(request, "COMPANY_OFFICIAL");

export default VerificationStep;

export const ErrorBoundary = RouteErrorBoundary;
