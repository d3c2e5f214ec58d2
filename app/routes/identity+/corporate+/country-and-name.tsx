/**
 * /identity/corporate/country-and-name — first step: company name and country of incorporation; creates the application (spec 001 §2, §3). The generic step page
 * (components/identity/StepPage.tsx) on lib/identity-step.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StepPage } from "~/components/identity/StepPage";
import { stepAction, stepLoader } from "~/lib/identity-step.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:steps.country-and-name" };

export const loader = (args: LoaderFunctionArgs) => stepLoader(args, "CORPORATE", "country-and-name");
export const action = (args: ActionFunctionArgs) => stepAction(args, "CORPORATE", "country-and-name");

export default function Step() {
  return <StepPage />;
}
