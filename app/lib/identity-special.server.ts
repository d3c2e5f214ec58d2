/**
 * Server side shared by the special onboarding step pages (issue 8; spec 001 §2, §7
 * Applications): which application a page works on, marking a special step, and the
 * identity-verification page's loader and action (one for the three application types; the
 * route modules individual+/, corporate+/ and company-official+/identity-verification.tsx are
 * thin). The cof pages are in identity-special-officials.server.ts, add-documents in
 * identity-special-documents.server.ts.
 *
 * Identity verification (spec 001 §2 "identity-verification … shown only when the scheme's
 * kycProvider is not NONE"; issue 8 "a provider interface with a sandbox provider"):
 * - SANDBOX: the applicant picks the outcome (approve / reject) in a plain form; the action calls
 *   POST /v1/clients-applications/:id/verification/sandbox {outcome}, then PUT
 *   /v1/clients-applications/<type>/:id {step:"identity-verification"} to record the step, and
 *   comes back to the page (PRG) with the status.
 * - another provider (Sumsub-style): GET /v1/clients-applications/:id/sumsub-token gives the
 *   token its web SDK needs; the page renders a container carrying it (`data-token`). No SDK is
 *   loaded here: the installation has no internet access, and a provider's script would also have
 *   to be allowed by the page's CSP. Wiring one in = a client module that reads the container and
 *   starts the SDK; the provider then reports to the API, which sets the status.
 * - NONE: the step does not apply; the page says so and continues.
 * "Continue" (intent=continue) PUTs the step: refused (not verified) → back with the step's errors;
 * accepted → the next applicable step (Application.steps).
 */
import { json, redirect } from "@remix-run/node";
import type {
  Application,
  ApplicationSummary,
  ApplicationType,
  KycToken,
  SaveApplicationStepRequest,
} from "../../server/api/v1/contract";
import { ApiError, requireUser, type Api } from "./api.server";
import { config } from "./config.server";
import { verifyCsrf } from "./csrf.server";
import type { ServerT } from "./forms.server";
import i18next from "./i18next.server";
import {
  API_SEGMENTS,
  currentStepErrors,
  FIRST_STEPS,
  identityFieldErrors,
  isSandboxOutcome,
  latestIncomplete,
  nextStepHref,
  stepHref,
  TYPE_SEGMENTS,
  verificationView,
} from "./identity-special";
import { identityNavOf } from "./identity";

/** The step id of identity verification (same for the three types). */
export const VERIFICATION_STEP = "identity-verification";

/** Not found, as the page's 404 (an application of someone else's, of another type, unknown). */
function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

/** A translator for the identity and errors namespaces. */
export async function identityT(request: Request): Promise<ServerT> {
  return (await i18next.getFixedT(request, ["identity", "errors"])) as unknown as ServerT;
}

/**
 * The application a step page works on: `?applicationId=` of the URL, else the user's latest
 * INCOMPLETE application of `type` (GET /v1/clients-applications?all=true).
 * @throws redirect to the type's first step when the user has no application of that type yet;
 *   404 when the id is unknown, not the user's (the API answers 404) or of another type;
 *   redirect to /auth/phone without a session
 */
export async function loadApplication(request: Request, type: ApplicationType): Promise<{ api: Api; application: Application }> {
  const { api } = await requireUser(request, { allowUnidentified: true });
  let id = new URL(request.url).searchParams.get("applicationId");
  if (!id) {
    const list = await api.get<{ data: ApplicationSummary[] } | ApplicationSummary[]>("/clients-applications", { all: true });
    id = latestIncomplete(Array.isArray(list) ? list : list.data, type);
    if (!id) throw redirect(`/identity/${TYPE_SEGMENTS[type]}/${FIRST_STEPS[type]}`, { headers: await api.headers() });
  }
  try {
    const application = await api.get<Application>(`/clients-applications/${encodeURIComponent(id)}`);
    if (application.type !== type) throw notFound();
    return { api, application };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

/** The web path of a step of this application (with `?applicationId=`). */
export function hrefOf(application: Application, stepId: string): string {
  return stepHref(application.type, stepId, {
    id: application.id,
    mainRepresentativeId: application.mainRepresentative?.id ?? null,
  });
}

/**
 * Record a special step (it takes no values: the API checks its completion):
 * PUT /v1/clients-applications/<type>/:id {step}.
 * @returns the application as saved, whose `errors[step]` lists what is missing
 * @throws ApiError (409 APPLICATION_NOT_EDITABLE once submitted, 400 on an unknown step)
 */
export async function markStep(api: Api, application: Application, step: string): Promise<Application> {
  const body: SaveApplicationStepRequest = { step };
  return api.request<Application>(
    "PUT",
    `/clients-applications/${API_SEGMENTS[application.type]}/${encodeURIComponent(application.id)}`,
    {
      body,
    },
  );
}

/**
 * "Continue" of a special step: PUT the step, then the next applicable step — or, when the API
 * lists errors for the step (or refuses the call), the page's answer with them (status 400):
 * `{ fieldErrors }` mapped onto `fields` (`aliases` for properties shown on another field).
 */
export async function continueStep(
  request: Request,
  api: Api,
  application: Application,
  step: string,
  fields: readonly string[] = [],
  aliases?: (property: string) => string | null,
): Promise<Response> {
  const t = await identityT(request);
  let saved: Application;
  try {
    saved = await markStep(api, application, step);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.body.code === "APPLICATION_NOT_EDITABLE")
      return redirect(nextStepHref(application, step), { headers: await api.headers() });
    return json(
      { fieldErrors: identityFieldErrors(error.body, fields, (k, o) => t(k, o), aliases) },
      { status: error.status >= 500 ? 502 : 400, headers: await api.headers() },
    );
  }
  const errors = saved.errors?.[step] ?? [];
  if (errors.length > 0) {
    return json(
      { fieldErrors: identityFieldErrors(errors, fields, (k, o) => t(k, o), aliases) },
      { status: 400, headers: await api.headers() },
    );
  }
  return redirect(nextStepHref(saved, step), { headers: await api.headers() });
}

/** A step's errors from the application (its last save or a refused submit) that still hold, for the page's render. */
export function savedStepErrors(
  t: ServerT,
  application: Application,
  step: string,
  fields: readonly string[] = [],
  aliases?: (property: string) => string | null,
): Record<string, string> {
  const errors = currentStepErrors(application, step);
  return errors.length ? identityFieldErrors(errors, fields, (k, o) => t(k, o), aliases) : {};
}

// ---------------------------------------------------------------- identity verification

/** The verification page's data. */
export async function verificationLoader(request: Request, type: ApplicationType) {
  const { api, application } = await loadApplication(request, type);
  const view = verificationView(application);
  let token: KycToken | null = null;
  let tokenError = false;
  if (view.applies && !view.sandbox && application.editable && view.status !== "COMPLETED") {
    try {
      token = await api.get<KycToken>(`/clients-applications/${encodeURIComponent(application.id)}/sumsub-token`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      tokenError = true;
    }
  }
  const t = await identityT(request);
  return json(
    {
      applicationId: application.id,
      type,
      editable: application.editable,
      ...view,
      // A production deployment refuses the sandbox outcome (server/api/v1/applications.ts):
      // its form is not offered there.
      sandboxOff: config().production,
      token,
      tokenError,
      self: hrefOf(application, VERIFICATION_STEP),
      next: nextStepHref(application, VERIFICATION_STEP),
      stepErrors: savedStepErrors(t, application, VERIFICATION_STEP, ["outcome"]),
      identityNav: identityNavOf(application, VERIFICATION_STEP),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/**
 * The verification page's action, by `intent`: `sandbox` (SANDBOX provider: outcome
 * APPROVE|REJECT → the sandbox call, then the step PUT, then back to the page) or `continue`
 * (PUT the step → next step, or back with the step's errors). Errors: 400 `{ fieldErrors }`
 * (`outcome` for a missing choice, `_form` for the rest).
 */
export async function verificationAction(request: Request, type: ApplicationType): Promise<Response> {
  const { api, application } = await loadApplication(request, type);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const t = await identityT(request);
  if (!verificationView(application).applies) {
    return redirect(nextStepHref(application, VERIFICATION_STEP), { headers: await api.headers() });
  }
  if (form.get("intent") === "continue") return continueStep(request, api, application, VERIFICATION_STEP, ["outcome"]);
  const outcome = form.get("outcome");
  if (!isSandboxOutcome(outcome)) {
    return json(
      { fieldErrors: { outcome: t("identity:verification.sandbox.choose") } },
      { status: 400, headers: await api.headers() },
    );
  }
  let verified: Application;
  try {
    verified = await api.post<Application>(`/clients-applications/${encodeURIComponent(application.id)}/verification/sandbox`, {
      outcome,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return json(
      { fieldErrors: identityFieldErrors(error.body, ["outcome"], (k, o) => t(k, o)) },
      { status: error.status >= 500 ? 502 : 400, headers: await api.headers() },
    );
  }
  // The step is recorded whatever the outcome (a rejection stays the step's error until a check
  // passes); the page shows the status either way, so a refusal here is not the applicant's to fix.
  try {
    await markStep(api, verified, VERIFICATION_STEP);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  return redirect(hrefOf(application, VERIFICATION_STEP), { headers: await api.headers() });
}
