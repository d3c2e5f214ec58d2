/**
 * /identity/company-official/additional-information — address and PEP question (spec 001 §2, §3). The generic step page
 * (components/identity/StepPage.tsx) on lib/identity-step.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StepPage } from "~/components/identity/StepPage";
import { stepAction, stepLoader } from "~/lib/identity-step.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:steps.additional-information" };

export const loader = (args: LoaderFunctionArgs) => stepLoader(args, "COMPANY_OFFICIAL", "additional-information");
export const action = (args: ActionFunctionArgs) => stepAction(args, "COMPANY_OFFICIAL", "additional-information");

export default function Step() {
  return <StepPage />;
}
