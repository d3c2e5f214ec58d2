/**
 * /identity/individual/check-answers — every answer with a Change link, then submit (issue 8;
 * components/identity/CheckAnswersPage.tsx on lib/identity-check.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CheckAnswersPage } from "~/components/identity/CheckAnswersPage";
import { checkAnswersAction, checkAnswersLoader } from "~/lib/identity-check.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:steps.check-answers" };

export const loader = (args: LoaderFunctionArgs) => checkAnswersLoader(args, "INDIVIDUAL");
export const action = (args: ActionFunctionArgs) => checkAnswersAction(args, "INDIVIDUAL");

export default function CheckAnswers() {
  return <CheckAnswersPage />;
}
