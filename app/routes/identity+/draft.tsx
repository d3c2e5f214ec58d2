/**
 * POST /identity/draft — a step's draft, sent by the step page with JavaScript when the applicant
 * leaves it with unsaved changes (navigator.sendBeacon; components/identity/use-draft-on-leave.ts).
 * Resource route (no page): CSRF checked, the step's fields read as the step form posts them,
 * then PUT /v1/clients-applications/:id/drafts { step, values } (unchecked; shown back on the
 * step until it is saved). GET goes to /identity. Answers 204; 400 for an unknown step or a missing application id;
 * 404 for an application that is not the user's.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { findStep } from "../../../server/rules/applications/steps";
import { ApiError, requireUser } from "~/lib/api.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { readStepValues } from "~/lib/identity";
import { getApplication } from "~/lib/identity.server";

/** GET: nothing to show here. */
export async function loader() {
  return redirect("/identity");
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireUser(request, { allowUnidentified: true });
  const form = await request.formData();
  await verifyCsrf(request, api.session, form);
  const applicationId = form.get("applicationId");
  const stepId = form.get("step");
  if (typeof applicationId !== "string" || !applicationId || typeof stepId !== "string")
    return new Response(null, { status: 400, headers: await api.headers() });
  const app = await getApplication(api, applicationId);
  const step = findStep(app.type, stepId);
  if (!step || step.fields.length === 0) return new Response(null, { status: 400, headers: await api.headers() });
  try {
    await api.request("PUT", `/clients-applications/${encodeURIComponent(app.id)}/drafts`, {
      body: { step: step.id, values: readStepValues(form, step.fields) },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return new Response(null, { status: error.status === 409 ? 409 : 400, headers: await api.headers() });
  }
  return new Response(null, { status: 204, headers: await api.headers() });
}
