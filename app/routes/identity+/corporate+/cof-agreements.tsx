/**
 * /identity/corporate/cof-agreements — the main representative's agreements (spec 001 §2, §3). The generic step page
 * (components/identity/StepPage.tsx) on lib/identity-step.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StepPage } from "~/components/identity/StepPage";
import { stepAction, stepLoader } from "~/lib/identity-step.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:steps.cof-agreements" };

export const loader = (args: LoaderFunctionArgs) => stepLoader(args, "CORPORATE", "cof-agreements");
export const action = (args: ActionFunctionArgs) => stepAction(args, "CORPORATE", "cof-agreements");

export default function Step() {
  return <StepPage />;
}
