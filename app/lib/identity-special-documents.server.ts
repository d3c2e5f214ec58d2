/**
 * Server side of the corporate add-documents step (issue 8 "Documents: multi-file uploads through
 * the existing /v1/uploads …; list and delete per category"; spec 001 §3 document categories, §5
 * "Uploads allow multiple files … '.pdf, .png, .jpg, .xlsx, .docx and etc.'", §7 Applications):
 * - loader: GET /v1/clients-applications/:id/documents/allowed-categories and …/documents, grouped
 *   by category, required ones from the scheme (`requiredDocumentCategories`);
 * - upload (multipart: csrf, intent, category, files): read with limits (lib/uploads.server.ts),
 *   POST /v1/uploads WITHOUT organizationId (an applicant's uploads are their own: served to
 *   nobody else), then POST …/documents {category, uploadIds}; refusals (too big:
 *   'Identity.max-size-error', wrong type, none chosen) on that category's file input; a
 *   resubmitted form uploads its files again, and the API files a file the category holds once
 *   and deletes that copy;
 * - remove (documentId): DELETE …/documents/:documentId;
 * - continue: PUT /v1/clients-applications/corporates/:id {step:"add-documents"} → the next step,
 *   or back with the errors (a missing required category on its input);
 * - the download resource route streams GET …/documents/:documentId/file with the user's token.
 * Every success is PRG: back to the page with `notice=uploaded|removed`.
 */
import { json, redirect } from "@remix-run/node";
import type { ApplicationDocument, Upload } from "../../server/api/v1/contract";
import { ApiError, requireUser, type Api } from "./api.server";
import { verifyCsrf } from "./csrf.server";
import { fileNotFound, streamApiFile } from "./file-download.server";
import type { ServerT } from "./forms.server";
import { documentErrorField, filesFieldId, groupDocuments, withApplicationId } from "./identity-special";
import { continueStep, hrefOf, identityT, loadApplication, savedStepErrors } from "./identity-special.server";
import { chosenFiles, DEFAULT_ACCEPT, readUploadForm, uploadErrorResponse, uploadReadErrorResponse } from "./uploads.server";
import { identityNavOf } from "./identity";

/** The add-documents step's id. */
export const DOCUMENTS_STEP = "add-documents";

const NOTICES = ["uploaded", "removed"] as const;

/** The allowed categories of the application (GET …/documents/allowed-categories). */
async function allowedCategories(api: Api, applicationId: string): Promise<string[]> {
  const answer = await api.get<{ data: string[] }>(
    `/clients-applications/${encodeURIComponent(applicationId)}/documents/allowed-categories`,
  );
  return answer.data;
}

/** The page's data: the categories with their files. */
export async function documentsLoader(request: Request) {
  const { api, application } = await loadApplication(request, "CORPORATE");
  const path = `/clients-applications/${encodeURIComponent(application.id)}/documents`;
  const [categories, documents] = await Promise.all([
    allowedCategories(api, application.id),
    api.get<{ data: ApplicationDocument[] }>(path),
  ]);
  const t = await identityT(request);
  const notice = new URL(request.url).searchParams.get("notice");
  const fields = categories.map(filesFieldId);
  return json(
    {
      applicationId: application.id,
      editable: application.editable,
      groups: groupDocuments(categories, documents.data, application.scheme?.requiredDocumentCategories ?? []),
      accept: DEFAULT_ACCEPT.join(","),
      notice: (NOTICES as readonly string[]).includes(notice ?? "") ? notice : null,
      self: hrefOf(application, DOCUMENTS_STEP),
      stepErrors: savedStepErrors(t, application, DOCUMENTS_STEP, fields, (p) => documentErrorField(p, categories)),
      identityNav: identityNavOf(application, DOCUMENTS_STEP),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/**
 * POST /v1/uploads for the caller alone (no organization: an applicant's documents).
 * @returns the stored uploads, in the order given
 * @throws ApiError as the API answers (files refused by type, size, count)
 */
export async function uploadOwnFiles(api: Api, files: File[]): Promise<Upload[]> {
  const body = new FormData();
  for (const file of files) body.append("files", file, file.name);
  return (await api.post<{ data: Upload[] }>("/uploads", body)).data;
}

/** An upload answer of lib/uploads.server.ts (errors on `files`) moved onto the category's input. */
async function onCategory(response: Response, category: string | null, api: Api): Promise<Response> {
  const body = (await response.json()) as { fieldErrors?: Record<string, string> };
  const fieldErrors: Record<string, string> = {};
  for (const [name, message] of Object.entries(body.fieldErrors ?? {})) {
    const target =
      (name === "files" || name === "category") && category ? filesFieldId(category) : name === "files" ? "_form" : name;
    fieldErrors[target] ??= message;
  }
  const headers = new Headers(await api.headers());
  const retryAfter = response.headers.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter); // uploads busy: 503, try again then
  return json({ fieldErrors, category }, { status: response.status, headers });
}

/** Back to the page (PRG) with a notice. */
async function backTo(api: Api, applicationId: string, notice: (typeof NOTICES)[number]): Promise<Response> {
  const path = withApplicationId(`/identity/corporate/${DOCUMENTS_STEP}`, applicationId);
  return redirect(`${path}&notice=${notice}`, { headers: await api.headers() });
}

/** The page's action: upload (multipart), remove, continue. */
export async function documentsAction(request: Request): Promise<Response> {
  const { api, application } = await loadApplication(request, "CORPORATE");
  const categories = await allowedCategories(api, application.id);
  const t = await identityT(request);
  if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    return upload(request, api, application.id, categories, t);
  }
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "remove": {
      const documentId = String(form.get("documentId") ?? "");
      try {
        await api.del(`/clients-applications/${encodeURIComponent(application.id)}/documents/${encodeURIComponent(documentId)}`);
      } catch (error) {
        // Already gone (another tab): the list shows the outcome all the same.
        if (!(error instanceof ApiError && (error.status === 404 || error.status === 400))) {
          if (!(error instanceof ApiError)) throw error;
          return json(
            { fieldErrors: { _form: t("identity:documents.remove-failed") }, category: null },
            { status: error.status >= 500 ? 502 : 400, headers: await api.headers() },
          );
        }
      }
      return backTo(api, application.id, "removed");
    }
    case "continue":
      return continueStep(request, api, application, DOCUMENTS_STEP, categories.map(filesFieldId), (p) =>
        documentErrorField(p, categories),
      );
    default:
      return redirect(hrefOf(application, DOCUMENTS_STEP), { headers: await api.headers() });
  }
}

/** intent=upload: the chosen files of one category, uploaded and filed under the application. */
async function upload(request: Request, api: Api, applicationId: string, categories: string[], t: ServerT): Promise<Response> {
  const { form, error } = await readUploadForm(request);
  await verifyCsrf(request, api.session, form);
  const raw = form.get("category");
  const category = typeof raw === "string" && categories.includes(raw) ? raw : null;
  if (error) return onCategory(uploadReadErrorResponse(error, t), category, api);
  if (!category) {
    return json(
      { fieldErrors: { _form: t("identity:documents.unknown-category") }, category },
      { status: 400, headers: await api.headers() },
    );
  }
  const files = chosenFiles(form);
  if (files.length === 0) {
    return json(
      { fieldErrors: { [filesFieldId(category)]: t("errors:Payments.documents-choose") }, category },
      { status: 400, headers: await api.headers() },
    );
  }
  try {
    const uploaded = await uploadOwnFiles(api, files);
    await api.post(`/clients-applications/${encodeURIComponent(applicationId)}/documents`, {
      category,
      uploadIds: uploaded.map((u) => u.id),
    });
  } catch (e) {
    return onCategory(uploadErrorResponse(e, t, { fields: ["category"] }), category, api);
  }
  return backTo(api, applicationId, "uploaded");
}

/**
 * The download resource route: GET /identity/corporate/add-documents/:documentId?applicationId=
 * streams GET /v1/clients-applications/:id/documents/:documentId/file (the API answers 404 to
 * anyone but the applicant); a 404 is a small page with a link back to the step.
 */
export async function documentFileLoader(request: Request, documentId: string): Promise<Response> {
  const { api } = await requireUser(request, { allowUnidentified: true });
  const applicationId = new URL(request.url).searchParams.get("applicationId") ?? "";
  const file = applicationId
    ? await streamApiFile(
        api,
        `/clients-applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}/file`,
      )
    : null;
  if (file) return file;
  const back = applicationId
    ? withApplicationId(`/identity/corporate/${DOCUMENTS_STEP}`, applicationId)
    : `/identity/corporate/${DOCUMENTS_STEP}`;
  return fileNotFound(request, { href: back, key: "identity:documents.back" }, await api.headers());
}
