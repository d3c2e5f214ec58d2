/**
 * The API's routes, read from the routers themselves (issue 5 §3 "Every endpoint, generated
 * rather than remembered"): `listApiRoutes(app)` walks the Express router stack that
 * `createApp`/`createApiRouter` built, so a route added to any router appears here without
 * anyone editing a list. The generated authorization and fuzz tests (tests/api/) iterate it.
 *
 * `routeSchemas` holds, beside the routes, the zod schema of each route's body and query where
 * one exists (exported from the module that validates with it), so the fuzzer can derive its
 * inputs from the same schema the route checks.
 */
import type { Express, RequestHandler } from "express";
import type { ZodTypeAny } from "zod";
import { authHandlers } from "./http.js";
import { staffRoleOf, type OpsRole } from "./ops/guard.js";
import { staffCodeBody, staffLoginBody } from "./ops/auth.js";
import { auditQuery } from "./ops/audit.js";
import { opsApplicationsQuery, opsReasonBody } from "./ops/applications.js";
import { opsChatAttachFields, opsChatReplyBody, opsChatSearchQuery } from "./ops/chat.js";
import { opsFxRequestsQuery, opsIncomingBody, opsIncomingQuery, opsPaymentReasonBody, opsPaymentsQuery } from "./ops/payments.js";
import { opsAdvanceBody, opsRejectBody, opsRemittanceQuery, opsReviewQuery } from "./ops/decisions.js";
import { opsCardIssueBody, opsCardReasonBody, opsCardsQuery } from "./ops/cards.js";
import { opsCustomerSearchQuery, opsPhoneChangeBody } from "./ops/customers.js";
import {
  opsAssignTariffBody,
  opsDefaultTariffBody,
  opsFeeBody,
  opsOrganizationsQuery,
  opsSetRateBody,
  opsSetSettingBody,
  opsSettingsQuery,
  opsSolPriceBody,
  opsSpreadBody,
  opsTariffBody,
} from "./ops/admin.js";
import {
  keptFormBody,
  phoneBody,
  recoverSendBody,
  recoverVerifyBody,
  refreshBody,
  takeKeptFormBody,
  verifyCodeBody,
  verifyPasswordBody,
} from "./auth.js";
import { listQuery as accountsListQuery, topUpQuery } from "./accounts.js";
import { listQuery as paymentsListQuery } from "./payments.js";
import { exportQuery as statementsExportQuery, listQuery as statementsListQuery, receiptQuery } from "./statements.js";
import { companyNumberQuery, createOfficialBody, officialStatusBody, phoneQuery, updateOfficialBody } from "./organizations.js";
import { attachDocumentsBody, uploadFields } from "./uploads.js";
import { pspPartnersQuery } from "./reference.js";
import { applicationSchemesQuery, clientTypeQuery, countriesQuery, sicCodesQuery } from "./onboarding-reference.js";
import { beneficiariesListQuery } from "./beneficiaries.js";
import { customRateSettingsQuery, paymentsSettingsQuery, turnstileSettingsQuery } from "./settings.js";
import { baseCurrencyQuery } from "./currencies.js";
import { createRemittanceOrderSchema, remittanceDeclineBody, remittanceListQuery } from "./payments-orders.js";
import { applicationsListQuery, documentsBody, draftBody, officialBody, sandboxBody, saveStepBody } from "./applications.js";
import { exchangeCalcSchema, exchangeExecuteSchema, exchangeListQuery } from "./exchange.js";
import { createFxRequestSchema, fxRequestDeclineBody, fxRequestListQuery } from "./fx-requests.js";
import { userSettingsBody } from "./users.js";
import { cardsListQuery, cardsSettingsQuery, orderCardSchema } from "./cards.js";
import {
  attachChatDocumentsBody,
  batchReadBody,
  channelsQuery,
  createChannelBody,
  messagesQuery,
  notificationsQuery,
  postMessageBody,
  unreadQuery,
} from "./chat.js";
import { createPaymentSchema, saveDraftSchema } from "../../domain/payments/index.js";
import { sendCodeSchema, signSchema, validateSchema } from "../../domain/signing/index.js";
import { beneficiaryStatusSchema, createBeneficiarySchema, updateBeneficiarySchema } from "../../domain/beneficiaries/index.js";
import { contractBodySchema, contractStatusSchema } from "../../domain/beneficiaries/contracts.js";
import { attachBeneficiaryDocumentsSchema, beneficiaryDocumentsQuery } from "../../domain/beneficiaries/documents.js";

/** Where the API is mounted; `ApiRoute.path` is relative to it. */
export const API_PREFIX = "/api/v1";

/** One route: HTTP method (upper case), Express path relative to /api/v1, and whether a bearer token is required. */
export interface ApiRoute {
  method: string;
  path: string;
  /** True when `requireAuth` runs for the route (router-level `use` or in the route's own stack). */
  auth: boolean;
  /** For a staff route (/ops/…, `opsRoute`): the role it requires ("ANY": any staff user). */
  staffRole?: OpsRole;
}

/** Minimal view of Express 4's internal Layer (stable since Express 4.0). */
interface Layer {
  regexp: RegExp & { fast_slash?: boolean };
  keys: unknown[];
  handle: RequestHandler & { stack?: Layer[] };
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Layer[] };
}

/**
 * The literal prefix a `router.use(path, …)` layer matches ("" for `use(fn)`).
 * @throws Error for a mount path with parameters or patterns (not used here: make the walker
 *   understand it before adding one, rather than silently missing routes).
 */
function mountPath(layer: Layer): string {
  if (layer.regexp.fast_slash) return "";
  const src = layer.regexp.source;
  const m = /^\^((?:\\\/[\w\-.~]+)*)\\\/\?\(\?=\\\/\|\$\)$/.exec(src);
  if (!m || layer.keys.length) throw new Error(`listApiRoutes: cannot read the mount path of ${src}`);
  return m[1].replace(/\\\//g, "/");
}

function under(path: string, prefix: string): boolean {
  return prefix === "" || path === prefix || path.startsWith(`${prefix}/`);
}

/** Depth-first walk of a router stack; `authPrefixes` are the paths already behind requireAuth. */
function walk(stack: Layer[], base: string, authPrefixes: string[], out: ApiRoute[]): void {
  const guarded = [...authPrefixes];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const ownAuth = layer.route.stack.some((l) => authHandlers.has(l.handle));
      const staffGuard = layer.route.stack.find((l) => staffRoleOf.has(l.handle));
      for (const p of paths) {
        const path = `${base}${p}`;
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m])) {
          out.push({
            method: method.toUpperCase(),
            path,
            auth: ownAuth || guarded.some((g) => under(path, g)),
            ...(staffGuard ? { staffRole: staffRoleOf.get(staffGuard.handle) } : {}),
          });
        }
      }
    } else if (layer.handle.stack) {
      walk(layer.handle.stack, `${base}${mountPath(layer)}`, guarded, out);
    } else if (authHandlers.has(layer.handle)) {
      guarded.push(`${base}${mountPath(layer)}`);
    }
  }
}

/**
 * Every route under /api/v1 of an app built by `createApp`, in router order.
 * @param app the Express app (`createApp(deps)`; the web app is not needed)
 * @returns `{ method, path, auth }[]`; `path` relative to /api/v1, e.g. `/payments/:id/sign`
 * @throws Error when the app has no /api/v1 router or a mount path cannot be read
 */
export function listApiRoutes(app: Express): ApiRoute[] {
  const root = (app as unknown as { _router?: { stack: Layer[] } })._router;
  if (!root) throw new Error("listApiRoutes: the app has no router");
  const all: ApiRoute[] = [];
  walk(root.stack, "", [], all);
  const seen = new Set<string>();
  return all
    .filter((r) => r.path.startsWith(`${API_PREFIX}/`))
    .map((r) => ({ ...r, path: r.path.slice(API_PREFIX.length) }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The zod schemas a route validates its input with, when it has them. */
export interface RouteSchemas {
  body?: ZodTypeAny;
  query?: ZodTypeAny;
  /**
   * Set for a multipart/form-data route: `body` then describes its text fields, and `files`
   * names the field that carries the files (the fuzzer sends such bodies as multipart too).
   */
  multipart?: { files: string };
}

/**
 * Input schemas by "METHOD path" (as listed by `listApiRoutes`). Routes absent here take no
 * body or query, or validate by hand (the fuzzer mutates them generically).
 */
export const routeSchemas: Readonly<Record<string, RouteSchemas>> = {
  "POST /auth/phone": { body: phoneBody },
  "POST /auth/verify-code": { body: verifyCodeBody },
  "POST /auth/verify-password": { body: verifyPasswordBody },
  "POST /auth/refresh": { body: refreshBody },
  "POST /auth/logout": { body: refreshBody.partial() },
  "POST /auth/kept-forms": { body: keptFormBody },
  "POST /auth/kept-forms/take": { body: takeKeptFormBody },
  "GET /accounts": { query: accountsListQuery },
  "POST /payments": { body: createPaymentSchema },
  "POST /payments/check": { body: createPaymentSchema },
  "PUT /payment-drafts/:form": { body: saveDraftSchema },
  "GET /clients-organizations/check-corp-recepient": { query: companyNumberQuery },
  "GET /payments": { query: paymentsListQuery },
  "POST /payments/:id/sign": { body: signSchema },
  "POST /signatures/send-code": { body: sendCodeSchema },
  "POST /signatures/validate": { body: validateSchema },
  "GET /statements-items": { query: statementsListQuery },
  "GET /statements-items/pdf": { query: statementsExportQuery },
  "GET /statements-items/csv": { query: statementsExportQuery },
  "GET /statements-items/xlsx": { query: statementsExportQuery },
  "POST /recover/send-code": { body: recoverSendBody },
  "POST /recover/verify-code": { body: recoverVerifyBody },
  "PATCH /users/:id": { body: userSettingsBody },
  "GET /statements-items/:id/pdf": { query: receiptQuery },
  "GET /accounts/:id/top-up": { query: topUpQuery },
  "GET /accounts/:id/top-up/pdf": { query: topUpQuery },
  "GET /clients-organizations/check-invididual-recepient": { query: phoneQuery },
  "POST /uploads": { body: uploadFields, multipart: { files: "files" } },
  "POST /payments/:id/documents": { body: attachDocumentsBody },
  "GET /psp-partners": { query: pspPartnersQuery },
  "GET /beneficiaries": { query: beneficiariesListQuery },
  "POST /beneficiaries": { body: createBeneficiarySchema },
  "PUT /beneficiaries/:id": { body: updateBeneficiarySchema },
  "PUT /beneficiaries/:id/status": { body: beneficiaryStatusSchema },
  "GET /settings/payments": { query: paymentsSettingsQuery },
  "POST /payments-orders": { body: createRemittanceOrderSchema },
  "GET /payments-orders": { query: remittanceListQuery },
  "POST /payments-orders/:id/sign": { body: signSchema },
  "POST /payments-orders/:id/decline": { body: remittanceDeclineBody },
  "POST /beneficiaries/:id/contracts": { body: contractBodySchema },
  "PUT /beneficiaries/:id/contracts/:contractId": { body: contractBodySchema },
  "PUT /beneficiaries/:id/contracts/:contractId/status": { body: contractStatusSchema },
  "POST /beneficiaries/:id/documents": { body: attachBeneficiaryDocumentsSchema },
  "GET /beneficiaries/:id/documents": { query: beneficiaryDocumentsQuery },
  "GET /countries": { query: countriesQuery },
  "GET /sic-codes": { query: sicCodesQuery },
  "GET /products": { query: clientTypeQuery },
  "GET /delivery-channels": { query: clientTypeQuery },
  "GET /settings-clients-ranges": { query: clientTypeQuery },
  "GET /applications-schemes": { query: applicationSchemesQuery },
  "GET /clients-applications": { query: applicationsListQuery },
  "POST /clients-applications/individuals": { body: saveStepBody },
  "POST /clients-applications/corporates": { body: saveStepBody },
  "POST /clients-applications/company-officials": { body: saveStepBody },
  "PUT /clients-applications/individuals/:id": { body: saveStepBody },
  "PUT /clients-applications/corporates/:id": { body: saveStepBody },
  "PUT /clients-applications/company-officials/:id": { body: saveStepBody },
  "PUT /clients-applications/:id/drafts": { body: draftBody },
  "POST /clients-applications/corporates/:id/company-officials": { body: officialBody },
  "PUT /clients-applications/corporates/:id/company-officials/:officialId": { body: officialBody },
  "POST /clients-applications/:id/documents": { body: documentsBody },
  "POST /clients-applications/:id/verification/sandbox": { body: sandboxBody },
  "POST /exchange/calc": { body: exchangeCalcSchema },
  "POST /exchange": { body: exchangeExecuteSchema },
  "GET /exchange": { query: exchangeListQuery },
  "POST /clients-organizations/:organizationId/clients-officials": { body: createOfficialBody },
  "PUT /clients-organizations/:organizationId/clients-officials/:officialId": { body: updateOfficialBody },
  "PUT /clients-organizations/:organizationId/clients-officials/:officialId/status": { body: officialStatusBody },
  "GET /settings/exchange-custom-rate": { query: customRateSettingsQuery },
  "GET /settings/turnstile": { query: turnstileSettingsQuery },
  "GET /currencies/base": { query: baseCurrencyQuery },
  "POST /exchange/fx-requests": { body: createFxRequestSchema },
  "GET /exchange/fx-requests": { query: fxRequestListQuery },
  "POST /exchange/fx-requests/:id/sign": { body: signSchema },
  "POST /exchange/fx-requests/:id/decline": { body: fxRequestDeclineBody },
  "GET /cards": { query: cardsListQuery },
  "POST /cards/order": { body: orderCardSchema },
  "GET /settings/cards": { query: cardsSettingsQuery },
  "GET /channels": { query: channelsQuery },
  "POST /channels": { body: createChannelBody },
  "GET /channels/unread-messages-count": { query: unreadQuery },
  "GET /channels/:id/messages": { query: messagesQuery },
  "POST /channels/:id/messages": { body: postMessageBody },
  "POST /channels/:id/messages/batch-read": { body: batchReadBody },
  "POST /channels/:id/documents": { body: attachChatDocumentsBody },
  "GET /notifications": { query: notificationsQuery },
  "POST /ops/auth/login": { body: staffLoginBody },
  "POST /ops/auth/code": { body: staffCodeBody },
  "GET /ops/audit": { query: auditQuery },
  "GET /ops/applications": { query: opsApplicationsQuery },
  "POST /ops/applications/:id/decline": { body: opsReasonBody },
  "POST /ops/applications/:id/request-changes": { body: opsReasonBody },
  "POST /ops/chat/:channelId/messages": { body: opsChatReplyBody },
  "GET /ops/chat-search": { query: opsChatSearchQuery },
  "POST /ops/chat/:channelId/documents": { body: opsChatAttachFields, multipart: { files: "files" } },
  "GET /ops/payments": { query: opsPaymentsQuery },
  "GET /ops/payments/incoming": { query: opsIncomingQuery },
  "POST /ops/payments/incoming": { body: opsIncomingBody },
  "POST /ops/payments/:id/reject": { body: opsPaymentReasonBody },
  "POST /ops/payments/:id/refund": { body: opsPaymentReasonBody },
  "GET /ops/fx-requests": { query: opsFxRequestsQuery },
  "POST /ops/fx-requests/:id/reject": { body: opsPaymentReasonBody },
  "GET /ops/beneficiaries": { query: opsReviewQuery },
  "POST /ops/beneficiaries/:id/reject": { body: opsRejectBody },
  "GET /ops/contracts": { query: opsReviewQuery },
  "POST /ops/contracts/:id/reject": { body: opsRejectBody },
  "GET /ops/remittance": { query: opsRemittanceQuery },
  "POST /ops/remittance/:id/advance": { body: opsAdvanceBody },
  "POST /ops/rates": { body: opsSetRateBody },
  "POST /ops/rates/spread": { body: opsSpreadBody },
  "POST /ops/rates/sol": { body: opsSolPriceBody },
  "POST /ops/tariffs": { body: opsTariffBody },
  "POST /ops/tariffs/:id/default": { body: opsDefaultTariffBody },
  "POST /ops/fees": { body: opsFeeBody },
  "GET /ops/organizations": { query: opsOrganizationsQuery },
  "POST /ops/organizations/:id/tariff": { body: opsAssignTariffBody },
  "GET /ops/settings": { query: opsSettingsQuery },
  "POST /ops/settings": { body: opsSetSettingBody },
  "GET /ops/cards": { query: opsCardsQuery },
  "POST /ops/cards/:id/issue": { body: opsCardIssueBody },
  "POST /ops/cards/:id/cancel": { body: opsCardReasonBody },
  "POST /ops/cards/:id/void": { body: opsCardReasonBody },
  "POST /ops/customers/phone": { body: opsPhoneChangeBody },
  "GET /ops/customers": { query: opsCustomerSearchQuery },
};
