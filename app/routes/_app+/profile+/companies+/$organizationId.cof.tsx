/**
 * /profile/companies/:organizationId/cof — company users (spec 001 §2 "Other routes", §3 "Company
 * official", §6 MAIN_REPRESENTATIVE, §7 clients-officials; issue 10). The screen is
 * `__cof.screen.tsx`; rules in server/domain/organizations/officials.ts.
 *
 * API: GET /v1/clients-organizations?all=true (the caller's role in the company), GET
 * …/:id/clients-officials; POST …/clients-officials, PUT …/:officialId, PUT …/:officialId/status.
 * Another organization → the API's 403 → /permission-denied; a non-CORPORATE organization → 404.
 * A list of officials the API refuses otherwise shows its error in the table's place, the forms
 * kept (spec 000 §7 "a failed list passes the server message on as its error";
 * lib/list-errors.server.ts).
 * Only a MAIN_REPRESENTATIVE sees the forms; anyone else the list read-only with a notice (the API
 * refuses them anyway).
 *
 * Action by `intent` (plain POSTs with the CSRF token, PRG with ?done=):
 * add (person and role) → POST; update (officialId, role; from ?edit=<id>) → PUT; status
 * (officialId, status APPROVED|SUSPENDED) → PUT …/status. Field refusals come back on their
 * fields with the form filled; a conflict (the last main representative) as the form's
 * message.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type {
  CompanyOfficial,
  CompanyOfficialStatusRequest,
  CreateCompanyOfficialRequest,
  ListResponse,
  OrganizationSummary,
  UpdateCompanyOfficialRequest,
} from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse, formDataObject, validationError, type ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (forms, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { ADD_FIELDS, addValidator, FORM_IDS, ROLE_FIELDS, Screen, updateValidator } from "./__cof.screen.server";

export const handle = { i18n: ["profile"], titleKey: "profile:cof.title" };

const DONE = ["added", "updated", "status"] as const;

/** The company as the caller sees it (404 page unless it is one of the caller's CORPORATE organizations). */
async function company(api: Api, organizationId: string) {
  const orgs = await api.get<ListResponse<OrganizationSummary>>("/clients-organizations", { all: true });
  const org = orgs.data.find((o) => o.id === organizationId);
  if (!org) {
    // Not a member: the API decides (403 → /permission-denied), as for any other organization.
    await api.get(`/clients-organizations/${encodeURIComponent(organizationId)}/clients-officials`);
    throw new Response("Not found", { status: 404 });
  }
  if (org.type !== "CORPORATE") throw new Response("Not found", { status: 404 });
  return { org, manage: org.currentOfficial.companyOfficialType === "MAIN_REPRESENTATIVE" };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const { org, manage } = await company(api, params.organizationId ?? "");
  const { data: officials, error: listError } = await settleList(
    request,
    api.get<ListResponse<CompanyOfficial>>(`/clients-organizations/${encodeURIComponent(org.id)}/clients-officials`),
  );
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  return json(
    {
      organization: { id: org.id, fullName: org.fullName },
      officials: officials?.data ?? [],
      listError,
      manage,
      editing: manage ? url.searchParams.get("edit") : null,
      done: DONE.find((d) => d === done) ?? null,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The role fields of a validated form as the API takes them. */
function roleOf(d: {
  companyOfficialType: UpdateCompanyOfficialRequest["companyOfficialType"];
  signatureType: "NONE" | "SINGLE";
  position?: string;
  percentage?: string;
  natureOfControl?: "DIRECT_CONTROL" | "INDIRECT_CONTROL";
}): UpdateCompanyOfficialRequest {
  return {
    companyOfficialType: d.companyOfficialType,
    signatureType: d.signatureType,
    position: d.position ?? null,
    percentage: d.percentage ?? null,
    natureOfControl: d.natureOfControl ?? null,
  };
}

/** An API refusal as the form's answer: a conflict as the form's message, field errors on their fields. */
function refusal(error: unknown, t: ServerT, fields: readonly string[], submitted: Record<string, unknown>, formId: string) {
  if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
  if (error instanceof ApiError && error.body.code === "OFFICIAL_CONFLICT")
    return validationError({ fieldErrors: { _form: conflictText(error, t) }, formId }, submitted, { status: 400 });
  return apiErrorResponse(error, t, fields, submitted, undefined, formId);
}

function conflictText(error: ApiError, t: ServerT): string {
  const message = typeof error.body.message === "string" ? error.body.message : "";
  // The two conflicts of the API (domain/organizations/officials.ts): last main representative, most users.
  return t(/main representative/i.test(message) ? "profile:cof.errors.last-main" : "profile:cof.errors.too-many");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const { org } = await company(api, params.organizationId ?? "");
  const t = (await i18next.getFixedT(request, ["errors", "profile"])) as unknown as ServerT;
  const form = await request.formData();
  const submitted = formDataObject(form);
  const path = `/clients-organizations/${encodeURIComponent(org.id)}/clients-officials`;
  const back = async (done: (typeof DONE)[number]) =>
    redirect(`/profile/companies/${encodeURIComponent(org.id)}/cof?done=${done}`, { headers: await api.headers() });
  switch (form.get("intent")) {
    case "add": {
      const result = await addValidator.validate(form);
      if (result.error) return validationError(result.error, submitted, { status: 400 });
      const { firstName, lastName, phone, email } = result.data;
      const body: CreateCompanyOfficialRequest = { ...roleOf(result.data), firstName, lastName, phone, email: email ?? null };
      try {
        await api.post<CompanyOfficial>(path, body);
      } catch (error) {
        return refusal(error, t, ADD_FIELDS, submitted, FORM_IDS.add);
      }
      return back("added");
    }
    case "update": {
      const result = await updateValidator.validate(form);
      if (result.error) return validationError(result.error, submitted, { status: 400 });
      try {
        await api.request("PUT", `${path}/${encodeURIComponent(result.data.officialId)}`, { body: roleOf(result.data) });
      } catch (error) {
        return refusal(error, t, ROLE_FIELDS, submitted, FORM_IDS.update);
      }
      return back("updated");
    }
    case "status": {
      const status = form.get("status");
      const officialId = String(form.get("officialId") ?? "");
      if (status !== "APPROVED" && status !== "SUSPENDED") throw new Response("Unknown status", { status: 400 });
      const body: CompanyOfficialStatusRequest = { status };
      try {
        await api.request("PUT", `${path}/${encodeURIComponent(officialId)}/status`, { body });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
        if (!(error instanceof ApiError && error.body.code === "OFFICIAL_CONFLICT")) throw error;
        return json({ statusError: conflictText(error, t) }, { status: 400, headers: await api.headers() });
      }
      return back("status");
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default splitScreen(Screen, () => import("./__cof.screen"));

export const ErrorBoundary = RouteErrorBoundary;
