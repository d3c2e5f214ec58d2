/**
 * /payments/remittance/new — a new remittance order (spec 001 §3, §7 POST /v1/payments-orders):
 * the form (`__new.screen.tsx`), one multipart POST with the files. The action reads the body
 * with limits, checks CSRF, validates with the same schema as the browser, uploads the chosen
 * files (POST /v1/uploads), creates the order (Idempotency-Key kept in the session until the order
 * is signed), sends the signing code and goes to the confirmation page
 * /payments/remittance/:orderId/sign. Refusals come back on their fields, the form filled (files
 * must be chosen again: browsers never refill a file input). 404 when orders are off. Resubmitted,
 * the form uploads its files again; the API answers the order as a replay and deletes that copy.
 * An accounts list the API refuses shows its error where the "Pay from" choices would be
 * (lib/list-errors.server), the rest of the form as usual; an order cannot be sent without them.
 */
import { redirect, json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type {
  CreateRemittanceOrderRequest,
  RemittanceOrder,
  TransactionsDocumentsSettings,
  Upload,
} from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { verifyCsrf } from "~/lib/csrf.server";
import { createRefusal, validationError, type ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { canSign } from "~/lib/signing";
import { countryOptionsFor } from "~/lib/countries.server";
import { splitScreen } from "~/lib/split-screen";
import {
  chosenFiles,
  DEFAULT_ACCEPT,
  documentsErrorResponse,
  READ_ERROR_KEYS,
  readUploadForm,
  UPLOAD_RETRY_AFTER_SECONDS,
} from "../$paymentId+/__documents.server";
import { FIELDS, newOrderValidator, Screen } from "./__new.screen.server";
import { orderFormKey, rememberOrderKey, requireOrdersEnabled, sendOrderCode } from "./__remittance.server";

export const handle = { i18n: ["payments", "remittance"], titleKey: "remittance:new.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await requireOrdersEnabled(api, org.id);
  const [listed, key, rule, countries] = await Promise.all([
    // Read only for the "Pay from" choices: a failed list shows its error there (list-errors.server).
    settleList(request, listAccounts(api, org.id)),
    orderFormKey(api, org.id, new URL(request.url).searchParams.get("after")),
    api.get<TransactionsDocumentsSettings>("/settings/transactions-documents").catch(() => null),
    countryOptionsFor(request),
  ]);
  const accounts = listed.data ?? [];
  // Cash is paid out in fiat only (the API refuses crypto-assets: isFiat).
  const crypto = new Set(accounts.flatMap((a) => a.balances.filter((b) => b.currency?.crypto).map((b) => b.currencyId)));
  const sources = balanceSources(accounts).filter((s) => !crypto.has(s.currencyId));
  return json(
    {
      sources,
      sourcesError: listed.error,
      idempotencyKey: key.key,
      pendingOrderId: key.pendingOrderId,
      accept: (rule?.allowedTypes ?? DEFAULT_ACCEPT).join(","),
      countries,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The API's properties → the form's fields. */
const ALIASES = {
  accountId: "source",
  currencyId: "source",
  "payee.name": "payeeName",
  "payee.address": "payeeAddress",
  "payee.city": "payeeCity",
  "payee.country": "payeeCountry",
  "payee.phone": "payeePhone",
  "payee.documentNumber": "payeeDocumentNumber",
  uploadIds: "files",
};

export async function action({ request }: ActionFunctionArgs) {
  const { api, org, user } = await requireAppContext(request);
  await requireOrdersEnabled(api, org.id);
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "");
  const { form, error: readError } = multipart
    ? await readUploadForm(request, { maxTextFields: 20 })
    : { form: await request.formData(), error: null };
  await verifyCsrf(request, api.session, form);
  const t = (await i18next.getFixedT(request, ["errors", "remittance"])) as unknown as ServerT;
  const result = await newOrderValidator.validate(form);
  const { csrf: _csrf, files: _files, ...submitted } = result.submittedData as Record<string, unknown>;
  const headers = await api.headers();
  if (readError) {
    // Busy (the web app holds as many upload bytes as it takes): 503 and Retry-After, the answers kept.
    if (readError === "busy") headers.set("Retry-After", String(UPLOAD_RETRY_AFTER_SECONDS));
    return validationError({ fieldErrors: { files: t(READ_ERROR_KEYS[readError]) } }, submitted, {
      status: readError === "busy" ? 503 : 400,
      headers,
    });
  }
  if (result.error) return validationError(result.error, submitted, { headers });
  const d = result.data;
  const source = parseSource(d.source);
  if (!source) return validationError({ fieldErrors: { source: "errors:account-required" } }, submitted, { headers });

  let uploadIds: string[] = [];
  const files = chosenFiles(form);
  if (files.length) {
    const body = new FormData();
    body.append("organizationId", org.id);
    for (const file of files) body.append("files", file, file.name);
    try {
      uploadIds = (await api.post<{ data: Upload[] }>("/uploads", body)).data.map((u) => u.id);
    } catch (e) {
      const response = documentsErrorResponse(e, t);
      // The upload form's answer is for the form "documents"; this form has no id: re-answer on `files`.
      const data = (await response.json()) as { fieldErrors?: Record<string, string> };
      return validationError(
        { fieldErrors: { files: data.fieldErrors?.files ?? t("errors:Payments.documents-unreadable") } },
        submitted,
        {
          status: 400,
          headers,
        },
      );
    }
  }
  const body: CreateRemittanceOrderRequest = {
    organizationId: org.id,
    ...source,
    sum: d.sum,
    payee: {
      name: d.payeeName,
      address: d.payeeAddress,
      city: d.payeeCity,
      country: d.payeeCountry,
      phone: d.payeePhone,
      ...(d.payeeDocumentNumber ? { documentNumber: d.payeeDocumentNumber } : {}),
    },
    description: d.description,
    ...(uploadIds.length ? { uploadIds } : {}),
  };
  let order: RemittanceOrder;
  try {
    order = await api.post<RemittanceOrder>("/payments-orders", body, { idempotencyKey: d.idempotencyKey });
  } catch (error) {
    return createRefusal(api, error, t, {
      fields: FIELDS,
      submitted,
      codeFields: { INSUFFICIENT_FUNDS: "sum" },
      aliases: ALIASES,
      keyReused: t("errors:Remittance.idempotency-reused"),
    });
  }
  rememberOrderKey(api, org.id, d.idempotencyKey, order.id);
  // A member who cannot sign ends here (spec 000 §4): the order waits for a signer.
  if (order.status === "PENDING" && canSign(org)) {
    try {
      await sendOrderCode(api, order.id, user.twilioAuthChannel);
    } catch (error) {
      if (error instanceof Response) throw error;
      // The order exists: its confirmation page offers to send the code again.
    }
    return redirect(`/payments/remittance/${order.id}/sign`, { headers: await api.headers() });
  }
  return redirect(`/payments/remittance/${order.id}`, { headers: await api.headers() });
}

export default splitScreen(Screen, () => import("./__new.screen"));

export const ErrorBoundary = RouteErrorBoundary;
