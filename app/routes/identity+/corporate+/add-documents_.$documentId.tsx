/**
 * GET /identity/corporate/add-documents/:documentId?applicationId= — download of one document of
 * the applicant's corporate application. Resource route (no UI): streams GET
 * /v1/clients-applications/:id/documents/:documentId/file with the user's token (Content-Type,
 * Content-Disposition attachment, `Cache-Control: private, no-store`); the API answers 404 to
 * anyone but the applicant, shown as a small 404 page with a link back.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentFileLoader } from "~/lib/identity-special-documents.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => documentFileLoader(request, params.documentId ?? "");
