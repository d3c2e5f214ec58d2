/**
 * /identity/corporate/:mainRepresentativeId/cof-additional-infromation — the main representative's phone, tax and insurance numbers, address, PEP question (URL carries the main representative's id, spelled so) (spec 001 §2, §3). The generic step page
 * (components/identity/StepPage.tsx) on lib/identity-step.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { StepPage } from "~/components/identity/StepPage";
import { stepAction, stepLoader } from "~/lib/identity-step.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:steps.cof-additional-infromation" };

export const loader = (args: LoaderFunctionArgs) => stepLoader(args, "CORPORATE", "cof-additional-infromation");
export const action = (args: ActionFunctionArgs) => stepAction(args, "CORPORATE", "cof-additional-infromation");

export default function Step() {
  return <StepPage />;
}
