/**
 * /identity/corporate/add-documents[?applicationId=] — the company's documents by category
 * (issue 8 "Documents"; spec 001 §3 categories): upload several files per category (POST
 * /v1/uploads, then POST /v1/clients-applications/:id/documents), download, remove, and
 * "Continue" (PUT the step → the next step, or back with the missing categories). Page:
 * components/identity/special/documents.tsx; server: lib/identity-special-documents.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DocumentsStep } from "~/components/identity/special/documents";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { documentsAction, documentsLoader } from "~/lib/identity-special-documents.server";

export const handle = { i18n: ["identity", "errors"], titleKey: "identity:documents.title" };

export const loader = ({ request }: LoaderFunctionArgs) => documentsLoader(request);

export const action = ({ request }: ActionFunctionArgs) => documentsAction(request);

export default DocumentsStep;

export const ErrorBoundary = RouteErrorBoundary;
