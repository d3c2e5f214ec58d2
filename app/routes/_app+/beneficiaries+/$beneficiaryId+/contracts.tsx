/**
 * /beneficiaries/:beneficiaryId/contracts[?contract=<contractId>] — the contracts of a saved
 * beneficiary (issue 7; spec 000 §2 routes, §3 "Contracts: id, name, beneficiaryId, supporting
 * documents, status", §4 contract states, §7 Beneficiaries calls): the list and a create form, or
 * with `?contract` one contract to view, edit (DRAFT/REJECTED), submit for review, and give
 * supporting documents by category (upload, download). The screen is `__contracts.screen.tsx`.
 *
 * API: GET /v1/beneficiaries/:id, GET /v1/beneficiaries/:id/contracts, GET
 * /v1/settings/beneficiaries, GET /v1/beneficiaries/documents/allowed-categories, GET
 * /v1/beneficiaries/:id/documents?contractId=; POST …/contracts, PUT …/contracts/:contractId,
 * PUT …/contracts/:contractId/status, POST /v1/uploads then POST /v1/beneficiaries/:id/documents.
 *
 * Action by `intent` (every form a plain POST with the CSRF token; PRG to the contract's page):
 * create (name, number) → the new contract; update (contractId, name, number); submit
 * (contractId); upload (multipart: contractId, category, files; read with limits by
 * lib/uploads.server.ts, CSRF verified from the parsed form; resubmitted, it uploads its files
 * again, and the API files a file held the same way once and deletes that copy). Refusals come
 * back on their field with the form filled; a status conflict (API 409) as the form's message
 * (status 400, as every refused form).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type {
  BeneficiariesSettings,
  Beneficiary,
  BeneficiaryContract,
  BeneficiaryContractInput,
  BeneficiaryDocument,
  BeneficiaryDocumentCategory,
  AttachBeneficiaryDocumentsRequest,
} from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { apiErrorResponse, formDataObject, validationError, type ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { splitScreen } from "~/lib/split-screen";
import {
  chosenFiles,
  DEFAULT_ACCEPT,
  readUploadForm,
  uploadErrorResponse,
  uploadFiles,
  uploadReadErrorResponse,
} from "~/lib/uploads.server";
// Server-only: in the browser the screen (forms, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import {
  createValidator,
  FIELDS,
  FORM_IDS,
  Screen,
  submitValidator,
  updateValidator,
  uploadValidator,
} from "./__contracts.screen.server";

export const handle = { i18n: ["beneficiaries"], titleKey: "beneficiaries:contracts.page-title" };

/** Constraint ids of the documents call with this page's messages (over the payment documents' ones). */
const DOCUMENT_KEYS = {
  arrayMaxSize: "beneficiaries:contracts.errors.documents-too-many",
  isAttached: "beneficiaries:contracts.errors.documents-attached",
};

async function translator(request: Request): Promise<ServerT> {
  return (await i18next.getFixedT(request, ["errors", "beneficiaries"])) as unknown as ServerT;
}

/** The beneficiary (404 page when it is not the caller's, or unknown). */
async function loadBeneficiary(api: Api, id: string): Promise<Beneficiary> {
  try {
    return await api.get<Beneficiary>(`/beneficiaries/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const beneficiary = await loadBeneficiary(api, params.beneficiaryId ?? "");
  const path = `/beneficiaries/${encodeURIComponent(beneficiary.id)}`;
  const [contracts, settings, categories] = await Promise.all([
    api.get<{ data: BeneficiaryContract[] }>(`${path}/contracts`),
    api.get<BeneficiariesSettings>("/settings/beneficiaries"),
    api.get<{ data: BeneficiaryDocumentCategory[] }>("/beneficiaries/documents/allowed-categories"),
  ]);
  const contractId = new URL(request.url).searchParams.get("contract");
  const contract = contractId ? contracts.data.find((c) => c.id === contractId) : null;
  if (contract === undefined) throw new Response("Not found", { status: 404, headers: await api.headers() });
  const documents = contract
    ? (await api.get<{ data: BeneficiaryDocument[] }>(`${path}/documents`, { contractId: contract.id })).data
    : [];
  return json(
    {
      beneficiary: { id: beneficiary.id, name: beneficiary.name, organizationId: beneficiary.organizationId },
      contracts: contracts.data,
      contract,
      documents,
      categories: categories.data as string[],
      approvalRequired: settings.approvalRequired,
      accept: DEFAULT_ACCEPT.join(","),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** Back to the contract's page (PRG). */
async function toContract(api: Api, beneficiaryId: string, contractId: string) {
  return redirect(`/beneficiaries/${encodeURIComponent(beneficiaryId)}/contracts?contract=${encodeURIComponent(contractId)}`, {
    headers: await api.headers(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  const beneficiary = await loadBeneficiary(api, params.beneficiaryId ?? "");
  // The upload form is the only multipart one: its body is read with limits, never buffered whole.
  if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    return uploadDocuments(request, api, beneficiary);
  }
  await verifyCsrf(request, api.session);
  const t = await translator(request);
  const form = await request.formData();
  const submitted = formDataObject(form);
  const path = `/beneficiaries/${encodeURIComponent(beneficiary.id)}/contracts`;
  switch (form.get("intent")) {
    case "create": {
      const result = await createValidator.validate(form);
      if (result.error) return validationError(result.error, submitted, { status: 400 });
      const body: BeneficiaryContractInput = { name: result.data.name, number: result.data.number };
      try {
        const made = await api.post<BeneficiaryContract>(path, body);
        return toContract(api, beneficiary.id, made.id);
      } catch (error) {
        return apiErrorResponse(error, t, FIELDS, submitted, undefined, FORM_IDS.create);
      }
    }
    case "update": {
      const result = await updateValidator.validate(form);
      if (result.error) return validationError(result.error, submitted, { status: 400 });
      const body: BeneficiaryContractInput = { name: result.data.name, number: result.data.number };
      try {
        await api.request("PUT", `${path}/${encodeURIComponent(result.data.contractId)}`, { body });
      } catch (error) {
        return contractErrorResponse(error, t, FIELDS, submitted, FORM_IDS.update);
      }
      return toContract(api, beneficiary.id, result.data.contractId);
    }
    case "submit": {
      const result = await submitValidator.validate(form);
      if (result.error) return validationError(result.error, submitted, { status: 400 });
      try {
        await api.request("PUT", `${path}/${encodeURIComponent(result.data.contractId)}/status`, {
          body: { status: "UNDER_REVIEW" },
        });
      } catch (error) {
        return contractErrorResponse(error, t, [], {}, FORM_IDS.submit);
      }
      return toContract(api, beneficiary.id, result.data.contractId);
    }
    default:
      return redirect(path, { headers: await api.headers() });
  }
}

/** An API refusal of a contract call as the form's answer; an unknown contract is the 404 page. */
function contractErrorResponse(
  error: unknown,
  t: ServerT,
  fields: readonly string[],
  submitted: Record<string, unknown>,
  formId: string,
) {
  if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
  if (error instanceof ApiError && error.body.code === "CONTRACT_STATUS_CONFLICT") {
    return validationError({ fieldErrors: { _form: t("beneficiaries:contracts.errors.status-conflict") }, formId }, submitted, {
      status: 400,
    });
  }
  return apiErrorResponse(error, t, fields, submitted, undefined, formId);
}

/**
 * intent=upload (multipart): read the form with limits, verify CSRF from it, upload the chosen
 * files for the beneficiary's organization and file them under the contract with the category,
 * then back to the contract (PRG: a reload does not upload again). Refusals come back on
 * `category` / `files` (form "documents"), a status conflict as the form's message.
 */
async function uploadDocuments(request: Request, api: Api, beneficiary: Beneficiary) {
  const { form, error } = await readUploadForm(request);
  await verifyCsrf(request, api.session, form);
  const t = await translator(request);
  if (error)
    return uploadReadErrorResponse(error, t, FORM_IDS.upload, { "too-many": "beneficiaries:contracts.errors.files-too-many" });
  const result = await uploadValidator.validate(form);
  if (result.error) return validationError(result.error, { category: String(form.get("category") ?? "") }, { status: 400 });
  const { contractId, category } = result.data;
  try {
    const uploaded = await uploadFiles(api, beneficiary.organizationId, chosenFiles(form));
    const body: AttachBeneficiaryDocumentsRequest = {
      uploadIds: uploaded.map((u) => u.id),
      category: category as BeneficiaryDocumentCategory,
      contractId,
    };
    await api.post(`/beneficiaries/${encodeURIComponent(beneficiary.id)}/documents`, body);
  } catch (e) {
    if (e instanceof ApiError && e.body.code === "CONTRACT_STATUS_CONFLICT") {
      return validationError(
        { fieldErrors: { _form: t("beneficiaries:contracts.errors.status-conflict") }, formId: FORM_IDS.upload },
        {},
        { status: 400 },
      );
    }
    return uploadErrorResponse(e, t, { formId: FORM_IDS.upload, fields: ["category"], keys: DOCUMENT_KEYS });
  }
  return toContract(api, beneficiary.id, contractId);
}

export default splitScreen(Screen, () => import("./__contracts.screen"));

export const ErrorBoundary = RouteErrorBoundary;
