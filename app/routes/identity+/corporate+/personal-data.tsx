/**
 * /identity/corporate/personal-data — the main representative; the query may pre-fill firstName, lastName, email, nationalityId, dob (spec 001 §2, §3). The generic step page
 * (components/identity/StepPage.tsx) on lib/identity-step.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StepPage } from "~/components/identity/StepPage";
import { stepAction, stepLoader } from "~/lib/identity-step.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:steps.personal-data" };

export const loader = (args: LoaderFunctionArgs) => stepLoader(args, "CORPORATE", "personal-data");
export const action = (args: ActionFunctionArgs) => stepAction(args, "CORPORATE", "personal-data");

export default function Step() {
  return <StepPage />;
}
