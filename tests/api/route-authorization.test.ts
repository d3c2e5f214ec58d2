/**
 * Generated authorization checks (issue 5 §3): for EVERY route `listApiRoutes` reads from the
 * routers (server/api/v1/routes.ts) —
 * - a logged-out call gets 401 UNAUTHENTICATED, except the public routes listed in `PUBLIC`
 *   with the reason they are public;
 * - a second customer (INDIVIDUAL, own organization) using the first customer's ids gets
 *   403/404 and none of the first customer's data; a customer of another CORPORATE organization
 *   likewise; and the first customer's payment is untouched afterwards.
 * The test fails when a route has no case in `CASES`: a new route must add one. The staff API
 * (/ops/…, issue 13) is checked by tests/api/ops-route-authorization.test.ts instead.
 *
 * Owner A is a CORPORATE customer (signature type SINGLE) with an account (GBP, EUR), a payment
 * awaiting signature with a supporting document (an upload), a statement item, a signing
 * challenge, an FX rate request awaiting signature and a saved beneficiary (DRAFT) with a contract (DRAFT) and its document; all made fresh by the factories and the API. A request case may be multipart (`form`): it is
 * then sent as multipart/form-data, in the logged-out pass too.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { listApiRoutes, type ApiRoute } from "../../server/api/v1/routes.js";
import { createCard, createCustomer, type CreatedCustomer } from "../../server/seed/factories.js";
import { apiSessions, organizationSettings } from "../../server/db/schema/index.js";
import { eq } from "drizzle-orm";
import { databases, startTestServer, type TestServer } from "./helpers.js";
import { requestAgreement } from "../../server/domain/agreements/index.js";
import { PROFILE_AGREEMENT_ID } from "../../server/seed/onboarding-reference.js";

/** A's identifiers and secrets, which no other customer may see or act on. */
interface Owner {
  orgId: string;
  accountId: string;
  accountNumber: string;
  paymentId: string;
  itemId: string;
  challengeToken: string;
  challengeCode: string;
  phone: string;
  refreshToken: string;
  /** The device (login family) of that second session. */
  deviceId: string;
  /** A's user id (PATCH /users/:id). */
  userId: string;
  uploadId: string;
  beneficiaryId: string;
  /** A remittance order (PENDING) with the upload as its file (orders enabled for A). */
  orderId: string;
  /** A's contract with that beneficiary (DRAFT) and its supporting document. */
  contractId: string;
  documentId: string;
  /** A's corporate onboarding application, with a director and an incorporation certificate (an applicant upload). */
  applicationId: string;
  officialId: string;
  applicationDocumentId: string;
  applicantUploadId: string;
  /** A's exchange quote GBP → EUR (QUOTED, not executed). */
  quoteId: string;
  /** A's own company-user row (MAIN_REPRESENTATIVE of A's organization). */
  memberId: string;
  /** A's FX rate request GBP → EUR (AWAITING_SIGNATURE). */
  fxRequestId: string;
  /** A's card (ACTIVE, last four 9876) on A's account. */
  cardId: string;
  /** A's MAIN chat channel (with A's message and a document) and one of A's notifications. */
  channelId: string;
  chatDocumentId: string;
  notificationId: string;
}
/** The intruder's own ids (to mix with A's in one request). */
interface Own {
  orgId: string;
  accountId: string;
}
interface Req {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart/form-data body instead of JSON (built afresh per request). */
  form?: () => FormData;
}

/** A minimal PDF, for upload cases. */
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
/** Multipart body of POST /uploads: `organizationId` and one PDF in `files`. */
const uploadForm = (organizationId: string) => () => {
  const form = new FormData();
  form.append("organizationId", organizationId);
  form.append("files", new Blob([PDF], { type: "application/pdf" }), "invoice.pdf");
  return form;
};
/** Multipart body of POST /uploads without an organization: an applicant's own document. */
const applicantUploadForm = () => {
  const form = new FormData();
  form.append("files", new Blob([PDF], { type: "application/pdf" }), "certificate.pdf");
  return form;
};
interface Case {
  /** Requests an intruder makes with A's ids. */
  cross: (a: Owner, own: Own) => Req[];
  /** Statuses an intruder may get (default 403/404); 200 only where the route has no caller-specific input and answers the caller's own data. */
  refused?: number[];
  /** Why the expectation differs from 403/404, when it does. */
  reason?: string;
}

/** Routes a logged-out caller may use, and why. Anything else must answer 401 without a token. */
const PUBLIC: Record<string, string> = {
  "GET /health": "liveness probe for load balancers; answers only {status: ok}",
  "POST /auth/phone": "starts a login: the caller is not logged in yet (rate limited per phone and IP)",
  "POST /auth/verify-code": "login step 2: the challenge token from step 1 is the credential",
  "POST /auth/verify-password": "login step 3: the verified challenge token is the credential",
  "POST /auth/refresh": "the refresh token is the credential (access token expired)",
  "POST /auth/kept-forms": "the refresh token of the session the web app is ending (inactivity limit) is the credential",
  "POST /recover/send-code": "starts a password recovery: the caller cannot log in (login limits, per phone and IP)",
  "POST /recover/verify-code": "the recovery challenge token and its code are the credential",
  "GET /settings/whitelabel": "the bank's brand: the login page shows it before anyone signs in",
  "GET /settings/whitelabel/logo": "the bank's logo, shown on the login page",
  "GET /settings/company-phone": "the bank's own phone number, shown to anyone",
  "GET /settings/turnstile": "whether the login forms carry a bot challenge: read before anyone signs in (always off here)",
};

/** The page A's kept form (answers typed past the inactivity limit) belongs to. */
const KEPT_PATH = "/identity/corporate/company";

const EURO = (a: Pick<Owner, "orgId" | "accountId">) => ({
  organizationId: a.orgId,
  kind: "EURO",
  accountId: a.accountId,
  currencyId: "EUR",
  amount: "1.00",
  beneficiaryName: "Müller Logistik GmbH",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
});

/** A valid card order (contract OrderCardRequest) on `accountId` for `orgId`. */
const CARD_ORDER = (a: Pick<Owner, "orgId" | "accountId">) => ({
  organizationId: a.orgId,
  accountId: a.accountId,
  currencyId: "GBP",
  paymentSystem: "VISA",
  color: "BLUE",
  deliveryMethod: "POST",
});

/** A valid beneficiary (contract BeneficiaryInput) of organization `organizationId`. */
const BENEFICIARY = (organizationId: string) => ({
  organizationId,
  name: "A's Lieferant GmbH",
  beneficiaryType: "COMPANY",
  paymentType: "LOCAL",
  currencyId: "EUR",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
});

/** A valid company user (contract CreateCompanyOfficialRequest) and role (UpdateCompanyOfficialRequest). */
const ROLE = { signatureType: "NONE", companyOfficialType: "DIRECTOR", position: "Director" };
const OFFICIAL = { ...ROLE, firstName: "Ivy", lastName: "Intruder", phone: "+447700955501" };

/** A valid remittance order (contract CreateRemittanceOrderRequest) from A's account. */
const REMITTANCE = (a: Pick<Owner, "orgId" | "accountId">) => ({
  organizationId: a.orgId,
  accountId: a.accountId,
  currencyId: "GBP",
  sum: "1.00",
  payee: { name: "A's cash payee", address: "1 High Street", city: "Leeds", country: "GB", phone: "+447700900999" },
  description: "Family support",
});

/** A valid FX rate request (contract CreateFxRequestRequest) from A's account. */
const FX_REQUEST = (a: Pick<Owner, "orgId" | "accountId">) => ({
  organizationId: a.orgId,
  accountId: a.accountId,
  fromCurrencyId: "GBP",
  toCurrencyId: "EUR",
  sellAmount: "1.00",
  rate: "1.2",
});

/** One case per route, keyed "METHOD path" as `listApiRoutes` lists it. */
const CASES: Record<string, Case> = {
  "GET /health": { cross: () => [{ path: "/health" }], refused: [200], reason: "no customer data" },
  "POST /auth/phone": {
    cross: (a) => [{ path: "/auth/phone", body: { phone: a.phone } }],
    refused: [200],
    reason: "public: sends a code to A's phone, never to the caller; the answer holds no A data",
  },
  "POST /auth/verify-code": {
    cross: (a) => [{ path: "/auth/verify-code", body: { token: a.challengeToken, code: a.challengeCode } }],
    refused: [400, 401],
    reason: "A's SIGNATURE challenge is not a LOGIN challenge: refused as an invalid code",
  },
  "POST /auth/verify-password": {
    cross: (a) => [{ path: "/auth/verify-password", body: { token: a.challengeToken, password: "Bank-Demo-2026" } }],
    refused: [401],
    reason: "a signing challenge never opens a session",
  },
  "POST /recover/send-code": {
    cross: (a) => [{ path: "/recover/send-code", body: { phone: a.phone } }],
    refused: [200],
    reason: "public: sends a code to A's phone, never to the caller; the answer holds no A data",
  },
  "POST /recover/verify-code": {
    cross: (a) => [
      {
        path: "/recover/verify-code",
        body: { token: a.challengeToken, code: a.challengeCode, password: "an intruder's password" },
      },
    ],
    refused: [400, 401],
    reason: "A's SIGNATURE challenge is not a RECOVERY challenge: refused as an invalid code; A's password is unchanged",
  },
  "POST /auth/refresh": {
    cross: () => [{ path: "/auth/refresh", body: { refreshToken: "not-a-refresh-token-of-anyone" } }],
    refused: [401],
    reason: "possession of the token is the credential; a wrong one is 401",
  },
  "POST /auth/kept-forms": {
    cross: () => [
      {
        path: "/auth/kept-forms",
        body: { refreshToken: "not-a-refresh-token-of-anyone", path: KEPT_PATH, fields: [["firstName", "x"]] },
      },
    ],
    refused: [401],
    reason: "possession of a live session's refresh token is the credential; a wrong one is 401 and keeps nothing",
  },
  "POST /auth/kept-forms/take": {
    cross: () => [{ path: "/auth/kept-forms/take", body: { path: KEPT_PATH } }],
    refused: [200],
    reason: "takes only the caller's own kept form (none); A's kept form is checked alive afterwards",
  },
  "POST /auth/logout": {
    cross: (a) => [{ path: "/auth/logout", body: { refreshToken: a.refreshToken } }],
    refused: [204],
    reason: "with a bearer token only the caller's own session ends; A's session is checked alive afterwards",
  },
  "GET /clients-organizations/:organizationId": { cross: (a) => [{ path: `/clients-organizations/${a.orgId}` }] },
  "GET /users/whoami": { cross: () => [{ path: "/users/whoami" }], refused: [200], reason: "the caller's own profile" },
  "GET /devices": { cross: () => [{ path: "/devices" }], refused: [200], reason: "the caller's own devices only" },
  "POST /users/verified-notice": {
    cross: (a) => [{ path: "/users/verified-notice", body: { userId: a.userId } }],
    refused: [204],
    reason: "closes the caller's own popup only: no id is read (a body naming another is ignored)",
  },
  "PATCH /users/:id": {
    cross: (a) => [
      { path: `/users/${a.userId}`, body: { twilioAuthChannel: "WHATSAPP" } },
      { path: `/users/${a.userId}`, body: { twilioAuthChannel: "WHATSAPP", token: a.challengeToken, code: a.challengeCode } },
    ],
    reason: "404: a user changes only their own settings; no code goes to A's phone",
  },
  "DELETE /devices/:id": {
    cross: (a) => [{ path: `/devices/${a.deviceId}` }],
    reason: "404 for another user's device; A's second session is checked alive afterwards",
  },
  "GET /accounts": {
    cross: (a) => [{ path: `/accounts?organizationId=${a.orgId}` }, { path: `/accounts?organizationId=${a.orgId}&all=true` }],
  },
  "GET /accounts/:id": { cross: (a) => [{ path: `/accounts/${a.accountId}` }] },
  "GET /accounts/:id/balances": { cross: (a) => [{ path: `/accounts/${a.accountId}/balances` }] },
  "POST /payments": {
    cross: (a, own) => [
      { path: "/payments", body: EURO(a), headers: { "Idempotency-Key": "intrude-1" } },
      {
        path: "/payments",
        body: EURO({ orgId: own.orgId, accountId: a.accountId }),
        headers: { "Idempotency-Key": "intrude-2" },
      },
      {
        path: "/payments",
        body: EURO({ orgId: a.orgId, accountId: own.accountId }),
        headers: { "Idempotency-Key": "intrude-3" },
      },
      {
        path: "/payments",
        body: {
          organizationId: own.orgId,
          kind: "BETWEEN_ACCOUNTS",
          accountId: own.accountId,
          toAccountId: a.accountId,
          currencyId: "GBP",
          amount: "1.00",
        },
        headers: { "Idempotency-Key": "intrude-4" },
      },
    ],
    refused: [400, 403, 404],
    reason: "an account of another organization is refused (404/403; 400 where the per-kind check names the field)",
  },
  "POST /payments/check": {
    cross: (a, own) => [
      { path: "/payments/check", body: EURO(a) },
      { path: "/payments/check", body: EURO({ orgId: own.orgId, accountId: a.accountId }) },
      { path: "/payments/check", body: EURO({ orgId: a.orgId, accountId: own.accountId }) },
    ],
    refused: [400, 403, 404],
    reason: "checking a payment from another organization's account is refused like creating one",
  },
  "GET /payment-drafts/:form": {
    cross: (a) => [{ path: "/payment-drafts/euro" }, { path: `/payment-drafts/euro?organizationId=${a.orgId}` }],
    refused: [404],
    reason: "drafts are per user: the caller has none, A's is never answered",
  },
  "PUT /payment-drafts/:form": {
    cross: (a) => [{ path: "/payment-drafts/euro", body: { organizationId: a.orgId, data: { beneficiaryName: "x" } } }],
    refused: [403],
    reason: "a draft for an organization the caller is not a member of is refused",
  },
  "DELETE /payment-drafts/:form": {
    cross: () => [{ path: "/payment-drafts/euro" }],
    refused: [204],
    reason: "deletes only the caller's own draft; A's draft is checked alive afterwards",
  },
  "DELETE /payment-drafts": {
    cross: () => [{ path: "/payment-drafts" }],
    refused: [204],
    reason: "deletes only the caller's own drafts; A's draft is checked alive afterwards",
  },
  "GET /clients-organizations/check-corp-recepient": {
    cross: () => [{ path: "/clients-organizations/check-corp-recepient?companyNumber=00000001" }],
    refused: [404],
    reason: "a lookup by company number answers only a company's public name; an unknown number is 404",
  },
  "GET /payments": { cross: (a) => [{ path: `/payments?organizationId=${a.orgId}` }] },
  "GET /payments/:id": { cross: (a) => [{ path: `/payments/${a.paymentId}` }] },
  "DELETE /payments/:id/decline": { cross: (a) => [{ path: `/payments/${a.paymentId}/decline` }] },
  "POST /payments/:id/sign": {
    cross: (a) => [
      { path: `/payments/${a.paymentId}/sign`, body: { mfaToken: "x".repeat(43), signedAt: new Date().toISOString() } },
    ],
  },
  "GET /payments/:id/signatures": { cross: (a) => [{ path: `/payments/${a.paymentId}/signatures` }] },
  "POST /signatures/send-code": {
    cross: (a) => [
      { path: "/signatures/send-code", body: { paymentIds: [a.paymentId] } },
      { path: "/signatures/send-code", body: { fxRequestIds: [a.fxRequestId] } },
    ],
  },
  "POST /signatures/validate": {
    cross: (a) => [{ path: "/signatures/validate", body: { token: a.challengeToken, code: a.challengeCode } }],
    refused: [401, 403, 404],
    reason: "the challenge is bound to A's user: with A's token and right code the caller gets INVALID_CODE, never an MFA token",
  },
  "GET /statements-items": {
    cross: (a, own) => [
      { path: `/statements-items?organizationId=${a.orgId}` },
      { path: `/statements-items?organizationId=${own.orgId}&account=${a.accountId}` },
      // Without organizationId (spec 000 §7): A's account, order or item names A's organization.
      { path: `/statements-items?account=${a.accountId}` },
      { path: `/statements-items?paymentOrderId=${a.orderId}` },
      { path: `/statements-items?parentId=${a.itemId}` },
    ],
  },
  "GET /statements-items/:id": { cross: (a) => [{ path: `/statements-items/${a.itemId}` }] },
  "GET /statements-items/:id/pdf": {
    cross: (a, own) => [
      { path: `/statements-items/${a.itemId}/pdf` },
      { path: `/statements-items/${a.itemId}/pdf?accountId=${own.accountId}` },
      { path: `/statements-items/${a.itemId}/pdf?organizationId=${own.orgId}` },
    ],
  },
  "GET /statements-items/pdf": {
    cross: (a, own) => [
      { path: `/statements-items/pdf?organizationId=${a.orgId}&currencyId=GBP` },
      { path: `/statements-items/pdf?organizationId=${own.orgId}&account=${a.accountId}&currencyId=GBP` },
      { path: `/statements-items/pdf?account=${a.accountId}&currencyId=GBP` },
      { path: `/statements-items/pdf?parentId=${a.itemId}&currencyId=GBP` },
    ],
  },
  "GET /statements-items/csv": {
    cross: (a, own) => [
      { path: `/statements-items/csv?organizationId=${a.orgId}&currencyId=GBP` },
      { path: `/statements-items/csv?organizationId=${own.orgId}&account=${a.accountId}&currencyId=GBP` },
      { path: `/statements-items/csv?account=${a.accountId}&currencyId=GBP` },
      { path: `/statements-items/csv?parentId=${a.itemId}&currencyId=GBP` },
    ],
  },
  "GET /statements-items/xlsx": {
    cross: (a, own) => [
      { path: `/statements-items/xlsx?organizationId=${a.orgId}&currencyId=GBP` },
      { path: `/statements-items/xlsx?organizationId=${own.orgId}&account=${a.accountId}&currencyId=GBP` },
      { path: `/statements-items/xlsx?account=${a.accountId}&currencyId=GBP` },
      { path: `/statements-items/xlsx?parentId=${a.itemId}&currencyId=GBP` },
    ],
  },
  "GET /accounts/:id/top-up": { cross: (a) => [{ path: `/accounts/${a.accountId}/top-up?currencyId=GBP` }] },
  "GET /accounts/:id/top-up/pdf": { cross: (a) => [{ path: `/accounts/${a.accountId}/top-up/pdf?currencyId=GBP` }] },
  "POST /uploads": {
    cross: (a) => [
      { path: "/uploads", form: uploadForm(a.orgId) },
      { path: "/uploads", body: { organizationId: a.orgId } },
    ],
    refused: [403],
    reason: "uploading for an organization the caller is not a member of is 403 (checked before the files)",
  },
  "GET /uploads/:id/file": { cross: (a) => [{ path: `/uploads/${a.uploadId}/file` }] },
  "POST /payments/:id/documents": {
    cross: (a) => [{ path: `/payments/${a.paymentId}/documents`, body: { uploadIds: [a.uploadId] } }],
  },
  "GET /payments/:id/documents": { cross: (a) => [{ path: `/payments/${a.paymentId}/documents` }] },
  "GET /settings/transactions-documents": {
    cross: () => [{ path: "/settings/transactions-documents" }],
    refused: [200],
    reason: "bank-wide settings",
  },
  "GET /settings/payments": {
    cross: (a) => [{ path: "/settings/payments" }, { path: `/settings/payments?organizationId=${a.orgId}` }],
    refused: [200, 404],
    reason: "bank-wide settings without organizationId; A's organization's settings are 404 to a non-member",
  },
  "GET /settings/exchange-custom-rate": {
    cross: (a) => [
      { path: "/settings/exchange-custom-rate" },
      { path: `/settings/exchange-custom-rate?organizationId=${a.orgId}` },
    ],
    refused: [200, 404],
    reason: "the bank-wide value without organizationId; A's organization's value is 404 to a non-member",
  },
  "GET /settings/whitelabel": { cross: () => [{ path: "/settings/whitelabel" }], refused: [200], reason: "the bank's brand" },
  "GET /settings/whitelabel/logo": {
    cross: () => [{ path: "/settings/whitelabel/logo" }],
    refused: [200, 404],
    reason: "the bank's logo (404 while none is set)",
  },
  "GET /settings/company-phone": {
    cross: () => [{ path: "/settings/company-phone" }],
    refused: [200],
    reason: "the bank's phone",
  },
  "GET /settings/demo": { cross: () => [{ path: "/settings/demo" }], refused: [200], reason: "bank-wide setting" },
  "GET /settings/overdraft": { cross: () => [{ path: "/settings/overdraft" }], refused: [200], reason: "bank-wide settings" },
  "GET /settings/turnstile": {
    cross: () => [{ path: "/settings/turnstile" }],
    refused: [200],
    reason: "bank-wide configuration",
  },
  "GET /currencies": { cross: () => [{ path: "/currencies?all=true" }], refused: [200], reason: "reference data" },
  "GET /currencies/base": { cross: () => [{ path: "/currencies/base" }], refused: [200], reason: "reference data" },
  "GET /payment-categories": { cross: () => [{ path: "/payment-categories" }], refused: [200], reason: "reference data" },
  "GET /casps": { cross: () => [{ path: "/casps" }], refused: [200], reason: "reference data" },
  "GET /psp-partners": { cross: () => [{ path: "/psp-partners?currencyId=GBP" }], refused: [200], reason: "reference data" },
  "GET /settings/psp-partners": {
    cross: () => [{ path: "/settings/psp-partners" }],
    refused: [200],
    reason: "bank-wide settings",
  },
  "GET /countries": { cross: () => [{ path: "/countries?lang=de" }], refused: [200], reason: "reference data" },
  "GET /sic-codes": { cross: () => [{ path: "/sic-codes?take=40&search=software" }], refused: [200], reason: "reference data" },
  "GET /clients-activities": { cross: () => [{ path: "/clients-activities" }], refused: [200], reason: "reference data" },
  "GET /sources-of-funds": { cross: () => [{ path: "/sources-of-funds" }], refused: [200], reason: "reference data" },
  "GET /products": { cross: () => [{ path: "/products?clientType=CORPORATE" }], refused: [200], reason: "reference data" },
  "GET /delivery-channels": {
    cross: () => [{ path: "/delivery-channels?clientType=CORPORATE" }],
    refused: [200],
    reason: "reference data",
  },
  "GET /settings-clients-ranges": {
    cross: () => [{ path: "/settings-clients-ranges?clientType=CORPORATE" }],
    refused: [200],
    reason: "reference data",
  },
  "GET /applications-schemes": {
    cross: () => [{ path: "/applications-schemes?all=true" }],
    refused: [200],
    reason: "reference data (the bank's schemes, no applicant's data)",
  },
  "GET /settings/applications": {
    cross: () => [{ path: "/settings/applications" }],
    refused: [200],
    reason: "bank-wide settings",
  },
  "GET /settings/clients-settings": {
    cross: () => [{ path: "/settings/clients-settings" }],
    refused: [200],
    reason: "bank-wide settings",
  },
  "GET /clients-organizations/check-invididual-recepient": {
    cross: (a) => [{ path: `/clients-organizations/check-invididual-recepient?phone=${encodeURIComponent(a.phone)}` }],
    refused: [404],
    reason: "only INDIVIDUAL recipients are found by phone; A (CORPORATE) is not",
  },
  "GET /clients-organizations/:organizationId/fees": {
    cross: (a) => [{ path: `/clients-organizations/${a.orgId}/fees` }],
    refused: [403],
    reason: "another organization's tariff and custom fees are 403",
  },
  "GET /clients-organizations": {
    cross: () => [{ path: "/clients-organizations?all=true" }],
    refused: [200],
    reason: "the caller's own organizations",
  },
  "GET /beneficiaries": {
    cross: (a) => [
      { path: `/beneficiaries?organizationId=${a.orgId}` },
      { path: `/beneficiaries?organizationId=${a.orgId}&search=Lieferant&status=DRAFT` },
    ],
  },
  "POST /beneficiaries": {
    cross: (a) => [{ path: "/beneficiaries", body: BENEFICIARY(a.orgId) }],
    refused: [403],
    reason: "saving a beneficiary for an organization the caller is not a member of is 403",
  },
  "GET /beneficiaries/:id": { cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}` }] },
  "PUT /beneficiaries/:id": {
    cross: (a, own) => [
      { path: `/beneficiaries/${a.beneficiaryId}`, body: BENEFICIARY(own.orgId) },
      { path: `/beneficiaries/${a.beneficiaryId}`, body: BENEFICIARY(a.orgId) },
    ],
  },
  "DELETE /beneficiaries/:id": { cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}` }] },
  "PUT /beneficiaries/:id/status": {
    cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}/status`, body: { status: "UNDER_REVIEW" } }],
  },
  "GET /settings/beneficiaries": {
    cross: () => [{ path: "/settings/beneficiaries" }],
    refused: [200],
    reason: "bank-wide settings",
  },
  "POST /payments-orders": {
    cross: (a, own) => [
      { path: "/payments-orders", body: REMITTANCE(a), headers: { "Idempotency-Key": "intrude-order-1" } },
      {
        path: "/payments-orders",
        body: REMITTANCE({ orgId: own.orgId, accountId: a.accountId }),
        headers: { "Idempotency-Key": "intrude-order-2" },
      },
    ],
    refused: [403, 404],
    reason: "an organization the caller is not a member of (or whose orders are off) is 403; A's account is 404",
  },
  "GET /payments-orders": { cross: (a) => [{ path: `/payments-orders?organizationId=${a.orgId}&all=true` }] },
  "GET /payments-orders/:id": { cross: (a) => [{ path: `/payments-orders/${a.orderId}` }] },
  "GET /payments-orders/:id/file/:uploadId": { cross: (a) => [{ path: `/payments-orders/${a.orderId}/file/${a.uploadId}` }] },
  "POST /payments-orders/:id/sign": {
    cross: (a) => [
      { path: `/payments-orders/${a.orderId}/sign`, body: { mfaToken: "x".repeat(43), signedAt: new Date().toISOString() } },
    ],
  },
  "POST /payments-orders/:id/decline": { cross: (a) => [{ path: `/payments-orders/${a.orderId}/decline`, body: {} }] },
  "GET /beneficiaries/documents/allowed-categories": {
    cross: () => [{ path: "/beneficiaries/documents/allowed-categories" }],
    refused: [200],
    reason: "reference data (a fixed list)",
  },
  "GET /beneficiaries/:id/contracts": { cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}/contracts` }] },
  "POST /beneficiaries/:id/contracts": {
    cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}/contracts`, body: { name: "Intruder's contract" } }],
  },
  "GET /beneficiaries/:id/contracts/:contractId": {
    cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}/contracts/${a.contractId}` }],
  },
  "PUT /beneficiaries/:id/contracts/:contractId": {
    cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}/contracts/${a.contractId}`, body: { name: "Renamed" } }],
  },
  "PUT /beneficiaries/:id/contracts/:contractId/status": {
    cross: (a) => [
      { path: `/beneficiaries/${a.beneficiaryId}/contracts/${a.contractId}/status`, body: { status: "UNDER_REVIEW" } },
    ],
  },
  "POST /beneficiaries/:id/documents": {
    cross: (a) => [
      { path: `/beneficiaries/${a.beneficiaryId}/documents`, body: { uploadIds: [a.uploadId], category: "INVOICE" } },
      {
        path: `/beneficiaries/${a.beneficiaryId}/documents`,
        body: { uploadIds: [a.uploadId], category: "CONTRACT", contractId: a.contractId },
      },
    ],
  },
  "GET /beneficiaries/:id/documents": {
    cross: (a) => [
      { path: `/beneficiaries/${a.beneficiaryId}/documents` },
      { path: `/beneficiaries/${a.beneficiaryId}/documents?contractId=${a.contractId}` },
    ],
  },
  "GET /beneficiaries/:id/documents/:documentId/file": {
    cross: (a) => [{ path: `/beneficiaries/${a.beneficiaryId}/documents/${a.documentId}/file` }],
  },
  "GET /clients-applications": {
    cross: (a) => [{ path: "/clients-applications?all=true" }, { path: `/clients-applications?all=true&userId=${a.orgId}` }],
    refused: [200, 403],
    reason: "the caller's own applications only; naming another user is 403",
  },
  "POST /clients-applications/individuals": {
    cross: () => [{ path: "/clients-applications/individuals", body: { step: "personal-data", values: { firstName: "Own" } } }],
    refused: [201, 409],
    reason: "creates the caller's own application (a second one is 409); nothing of A's is read",
  },
  "POST /clients-applications/corporates": {
    cross: () => [
      { path: "/clients-applications/corporates", body: { step: "country-and-name", values: { companyName: "Own Ltd" } } },
    ],
    refused: [201],
    reason: "creates the caller's own application; nothing of A's is read",
  },
  "POST /clients-applications/company-officials": {
    cross: () => [
      { path: "/clients-applications/company-officials", body: { step: "personal-data", values: { firstName: "Own" } } },
    ],
    refused: [201, 409],
    reason: "creates the caller's own application; nothing of A's is read",
  },
  "PUT /clients-applications/individuals/:id": {
    cross: (a) => [{ path: `/clients-applications/individuals/${a.applicationId}`, body: { step: "personal-data", values: {} } }],
  },
  "PUT /clients-applications/corporates/:id": {
    cross: (a) => [
      {
        path: `/clients-applications/corporates/${a.applicationId}`,
        body: { step: "country-and-name", values: { companyName: "Hijack" } },
      },
    ],
  },
  "PUT /clients-applications/company-officials/:id": {
    cross: (a) => [
      { path: `/clients-applications/company-officials/${a.applicationId}`, body: { step: "personal-data", values: {} } },
    ],
  },
  "GET /clients-applications/:id": { cross: (a) => [{ path: `/clients-applications/${a.applicationId}` }] },
  "PUT /clients-applications/:id/drafts": {
    cross: (a) => [
      {
        path: `/clients-applications/${a.applicationId}/drafts`,
        body: { step: "country-and-name", values: { companyName: "x" } },
      },
    ],
  },
  "POST /clients-applications/corporates/:id/company-officials": {
    cross: (a) => [
      { path: `/clients-applications/corporates/${a.applicationId}/company-officials`, body: { values: { role: "UBO" } } },
    ],
  },
  "PUT /clients-applications/corporates/:id/company-officials/:officialId": {
    cross: (a) => [
      {
        path: `/clients-applications/corporates/${a.applicationId}/company-officials/${a.officialId}`,
        body: { values: { role: "UBO" } },
      },
    ],
  },
  "DELETE /clients-applications/corporates/:id/company-officials/:officialId": {
    cross: (a) => [{ path: `/clients-applications/corporates/${a.applicationId}/company-officials/${a.officialId}` }],
  },
  "GET /clients-applications/:id/documents/allowed-categories": {
    cross: (a) => [{ path: `/clients-applications/${a.applicationId}/documents/allowed-categories` }],
  },
  "GET /exchange/rates": {
    cross: () => [{ path: "/exchange/rates" }],
    refused: [200],
    reason: "reference rates, no customer data",
  },
  "POST /exchange/calc": {
    cross: (a) => [
      {
        path: "/exchange/calc",
        body: { accountId: a.accountId, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "1.00" },
      },
      { path: "/exchange/calc", body: { accountId: a.accountId, fromCurrencyId: "EUR", toCurrencyId: "GBP", buyAmount: "1.00" } },
    ],
  },
  "POST /exchange": {
    cross: (a) => [{ path: "/exchange", body: { quoteId: a.quoteId }, headers: { "Idempotency-Key": "intrude-fx-1" } }],
  },
  "GET /exchange/:id": { cross: (a) => [{ path: `/exchange/${a.quoteId}` }] },
  "GET /exchange": { cross: (a) => [{ path: `/exchange?organizationId=${a.orgId}` }] },
  "POST /exchange/fx-requests": {
    cross: (a, own) => [
      { path: "/exchange/fx-requests", body: FX_REQUEST(a), headers: { "Idempotency-Key": "intrude-fxr-1" } },
      {
        path: "/exchange/fx-requests",
        body: FX_REQUEST({ orgId: own.orgId, accountId: a.accountId }),
        headers: { "Idempotency-Key": "intrude-fxr-2" },
      },
      {
        path: "/exchange/fx-requests",
        body: FX_REQUEST({ orgId: a.orgId, accountId: own.accountId }),
        headers: { "Idempotency-Key": "intrude-fxr-3" },
      },
    ],
    refused: [400, 403, 404],
    reason: "A's organization is 403, A's account 404 (400 when the own organization names A's account elsewhere)",
  },
  "GET /exchange/fx-requests": { cross: (a) => [{ path: `/exchange/fx-requests?organizationId=${a.orgId}` }] },
  "GET /exchange/fx-requests/:id": { cross: (a) => [{ path: `/exchange/fx-requests/${a.fxRequestId}` }] },
  "POST /exchange/fx-requests/:id/sign": {
    cross: (a) => [
      {
        path: `/exchange/fx-requests/${a.fxRequestId}/sign`,
        body: { mfaToken: "x".repeat(43), signedAt: new Date().toISOString() },
      },
    ],
  },
  "POST /exchange/fx-requests/:id/decline": {
    cross: (a) => [{ path: `/exchange/fx-requests/${a.fxRequestId}/decline`, body: {} }],
  },
  "GET /cards": {
    cross: (a, own) => [
      { path: `/cards?organizationId=${a.orgId}` },
      { path: `/cards?accountId=${a.accountId}` },
      { path: `/cards?organizationId=${own.orgId}&accountId=${a.accountId}` },
    ],
  },
  "GET /cards/:id": { cross: (a) => [{ path: `/cards/${a.cardId}` }] },
  "POST /cards/order": {
    cross: (a, own) => [
      { path: "/cards/order", body: CARD_ORDER(a), headers: { "Idempotency-Key": "intrude-card-1" } },
      {
        path: "/cards/order",
        body: CARD_ORDER({ orgId: own.orgId, accountId: a.accountId }),
        headers: { "Idempotency-Key": "intrude-card-2" },
      },
      {
        path: "/cards/order",
        body: CARD_ORDER({ orgId: a.orgId, accountId: own.accountId }),
        headers: { "Idempotency-Key": "intrude-card-3" },
      },
      {
        path: "/cards/order",
        body: { ...CARD_ORDER({ orgId: own.orgId, accountId: own.accountId }), cardId: a.cardId },
        headers: { "Idempotency-Key": "intrude-card-4" },
      },
    ],
  },
  "POST /cards/:id/freeze": { cross: (a) => [{ path: `/cards/${a.cardId}/freeze` }] },
  "POST /cards/:id/unfreeze": { cross: (a) => [{ path: `/cards/${a.cardId}/unfreeze` }] },
  "GET /settings/cards": { cross: (a) => [{ path: `/settings/cards?organizationId=${a.orgId}` }] },
  "GET /clients-applications/:id/documents": { cross: (a) => [{ path: `/clients-applications/${a.applicationId}/documents` }] },
  "POST /clients-applications/:id/documents": {
    cross: (a) => [
      {
        path: `/clients-applications/${a.applicationId}/documents`,
        body: { category: "OTHER", uploadIds: [a.applicantUploadId] },
      },
    ],
  },
  "DELETE /clients-applications/:id/documents/:documentId": {
    cross: (a) => [{ path: `/clients-applications/${a.applicationId}/documents/${a.applicationDocumentId}` }],
  },
  "GET /clients-applications/:id/documents/:documentId/file": {
    cross: (a) => [{ path: `/clients-applications/${a.applicationId}/documents/${a.applicationDocumentId}/file` }],
  },
  "GET /clients-applications/:id/agreements": { cross: (a) => [{ path: `/clients-applications/${a.applicationId}/agreements` }] },
  "GET /clients-applications/:id/sumsub-token": {
    cross: (a) => [{ path: `/clients-applications/${a.applicationId}/sumsub-token` }],
  },
  "POST /clients-applications/:id/verification/sandbox": {
    cross: (a) => [{ path: `/clients-applications/${a.applicationId}/verification/sandbox`, body: { outcome: "APPROVE" } }],
  },
  "PUT /clients-applications/:id/submit": { cross: (a) => [{ path: `/clients-applications/${a.applicationId}/submit` }] },
  "GET /clients-organizations/:organizationId/clients-officials": {
    cross: (a) => [{ path: `/clients-organizations/${a.orgId}/clients-officials` }],
    refused: [403],
    reason: "another organization's company users are 403",
  },
  "POST /clients-organizations/:organizationId/clients-officials": {
    cross: (a, own) => [
      { path: `/clients-organizations/${a.orgId}/clients-officials`, body: OFFICIAL },
      { path: `/clients-organizations/${own.orgId}/clients-officials`, body: { ...OFFICIAL, phone: a.phone } },
    ],
    refused: [403, 400, 201],
    reason:
      "A's organization is 403; adding A's phone to the intruder's own company (if a main representative) only invites or adds A there, revealing nothing of A",
  },
  "PUT /clients-organizations/:organizationId/clients-officials/:officialId": {
    cross: (a, own) => [
      { path: `/clients-organizations/${a.orgId}/clients-officials/${a.memberId}`, body: ROLE },
      { path: `/clients-organizations/${own.orgId}/clients-officials/${a.memberId}`, body: ROLE },
    ],
  },
  "PUT /clients-organizations/:organizationId/clients-officials/:officialId/status": {
    cross: (a, own) => [
      { path: `/clients-organizations/${a.orgId}/clients-officials/${a.memberId}/status`, body: { status: "SUSPENDED" } },
      { path: `/clients-organizations/${own.orgId}/clients-officials/${a.memberId}/status`, body: { status: "SUSPENDED" } },
    ],
  },
  "GET /agreements/unsigned": {
    cross: () => [{ path: "/agreements/unsigned" }],
    refused: [200],
    reason: "the caller's own agreements to sign",
  },
  "POST /agreements/:agreementId/sign": {
    cross: () => [{ path: `/agreements/${PROFILE_AGREEMENT_ID}/sign` }],
    refused: [404],
    reason: "only an agreement asked of the caller can be signed; A's request stays A's (unsigned)",
  },
  "GET /channels": {
    cross: (a) => [{ path: `/channels?all=true&organizationId=${a.orgId}` }],
    refused: [403],
    reason: "another organization's channels are 403 (the caller's own channels are listed without organizationId)",
  },
  "POST /channels": {
    cross: (a) => [{ path: "/channels", body: { organizationId: a.orgId, title: "Intrusion", content: "hello" } }],
    refused: [403],
    reason: "a question in another organization is 403",
  },
  "GET /channels/unread-messages-count": {
    cross: (a) => [{ path: `/channels/unread-messages-count?organizationId=${a.orgId}` }],
    refused: [403],
    reason: "another organization's counts are 403",
  },
  "GET /channels/:id": { cross: (a) => [{ path: `/channels/${a.channelId}` }] },
  "GET /channels/:id/messages": { cross: (a) => [{ path: `/channels/${a.channelId}/messages` }] },
  "POST /channels/:id/messages": {
    cross: (a) => [
      {
        path: `/channels/${a.channelId}/messages`,
        body: { content: "intrusion" },
        headers: { "Idempotency-Key": "intrude-chat-1" },
      },
    ],
  },
  "POST /channels/:id/messages/batch-read": {
    cross: (a) => [
      {
        path: `/channels/${a.channelId}/messages/batch-read`,
        body: { createdAtFrom: "2000-01-01T00:00:00.000Z", createdAtTo: "2100-01-01T00:00:00.000Z", channelId: a.channelId },
      },
    ],
  },
  "POST /channels/:id/documents": {
    cross: (a, own) => [
      { path: `/channels/${a.channelId}/documents`, body: { data: [{ uploadId: a.uploadId, name: "x.pdf" }] } },
      { path: `/channels/${a.channelId}/documents`, body: { data: [{ uploadId: own.orgId, name: "x.pdf" }] } },
    ],
  },
  "GET /channels/:id/documents/:documentId": {
    cross: (a) => [{ path: `/channels/${a.channelId}/documents/${a.chatDocumentId}` }],
  },
  "GET /channels/:id/documents/:documentId/file": {
    cross: (a) => [{ path: `/channels/${a.channelId}/documents/${a.chatDocumentId}/file` }],
  },
  "GET /notifications": {
    cross: (a) => [{ path: `/notifications?organizationId=${a.orgId}` }],
    refused: [403],
    reason: "another organization's notifications are 403",
  },
  "POST /notifications/:id/read": { cross: (a) => [{ path: `/notifications/${a.notificationId}/read` }] },
  "POST /tokens/messaging": {
    cross: () => [{ path: "/tokens/messaging" }],
    refused: [200],
    reason: "a socket token for the caller only: it names no one else and opens only the caller's channels",
  },
  "GET /agreements/:agreementId/file": {
    cross: () => [{ path: "/agreements/individual-terms/file" }],
    refused: [200, 404],
    reason: "the bank's published terms: the same file for every signed-in user",
  },
};

describe.each(databases)("every route's authorization on %s", (kind) => {
  let s: TestServer;
  let routes: ApiRoute[];
  let a: Owner;
  let aToken: string;
  let intruders: { name: string; customer: CreatedCustomer; own: Own }[];

  beforeAll(async () => {
    s = await startTestServer({ db: kind });
    const cfg = loadConfig({ NODE_ENV: "test", OTP_SECRET: "api-test-otp-secret-0123456789" } as NodeJS.ProcessEnv);
    // The staff API (/ops/…) has its own generated checks: tests/api/ops-route-authorization.test.ts.
    routes = listApiRoutes(createApp({ db: s.db, config: cfg, sms: s.sms, logger: pino({ level: "silent" }) })).filter(
      (r) => !r.path.startsWith("/ops/"),
    );

    const owner = await createCustomer(s.db, {
      type: "CORPORATE",
      signatureType: "SINGLE",
      balances: { GBP: "250.00", EUR: "500.00" },
    });
    aToken = await s.login(owner.phone);
    const pay = await s.call("POST", "/payments", {
      token: aToken,
      headers: { "Idempotency-Key": "owner-1" },
      body: EURO({ orgId: owner.organization.id, accountId: owner.account!.id }),
    });
    expect(pay.status).toBe(201);
    expect(pay.body.status).toBe("AWAITING_SIGNATURE");
    const challenge = await s.call("POST", "/signatures/send-code", { token: aToken, body: { paymentIds: [pay.body.id] } });
    expect(challenge.status).toBe(200);
    const item = await s.call("GET", `/statements-items?organizationId=${owner.organization.id}&take=1`, { token: aToken });
    expect(item.body.data.length).toBe(1);
    const up = await send(s, "POST", { path: "/uploads", form: uploadForm(owner.organization.id) }, aToken);
    expect(up.status).toBe(201);
    const uploadId = up.body.data[0].id as string;
    const doc = await s.call("POST", `/payments/${pay.body.id}/documents`, { token: aToken, body: { uploadIds: [uploadId] } });
    expect(doc.status).toBe(200);
    const draft = await s.call("PUT", "/payment-drafts/euro", {
      token: aToken,
      body: { organizationId: owner.organization.id, data: { beneficiaryName: "A's half-typed payee" } },
    });
    expect(draft.status).toBe(200);
    const beneficiary = await s.call("POST", "/beneficiaries", { token: aToken, body: BENEFICIARY(owner.organization.id) });
    expect(beneficiary.status).toBe(201);
    await s.db
      .insert(organizationSettings)
      .values({ organizationId: owner.organization.id, key: "PAYMENTS-ORDERS-ENABLED", value: true });
    const order = await s.call("POST", "/payments-orders", {
      token: aToken,
      headers: { "Idempotency-Key": "owner-order-1" },
      body: { ...REMITTANCE({ orgId: owner.organization.id, accountId: owner.account!.id }), uploadIds: [uploadId] },
    });
    expect(order.status).toBe(201);
    const contract = await s.call("POST", `/beneficiaries/${beneficiary.body.id}/contracts`, {
      token: aToken,
      body: { name: "A's Rahmenvertrag", number: "RV-2026-01" },
    });
    expect(contract.status).toBe(201);
    const contractDoc = await s.call("POST", `/beneficiaries/${beneficiary.body.id}/documents`, {
      token: aToken,
      body: { uploadIds: [uploadId], category: "CONTRACT", contractId: contract.body.id },
    });
    expect(contractDoc.status).toBe(200);
    // A refresh token of A's (a second session): intruders must not be able to end it.
    const { createSession } = await import("../../server/domain/auth/sessions.js");
    const second = await createSession(s.db, owner.user.id);
    const kept = await s.call("POST", "/auth/kept-forms", {
      body: { refreshToken: second.refreshToken, path: KEPT_PATH, fields: [["companyName", "A's kept answer"]] },
    });
    expect(kept.status).toBe(201);
    const application = await s.call("POST", "/clients-applications/corporates", {
      token: aToken,
      body: { step: "country-and-name", values: { companyName: "A's Onboarding Ltd", countryOfIncorporationId: "GB" } },
    });
    expect(application.status).toBe(201);
    const official = await s.call("POST", `/clients-applications/corporates/${application.body.id}/company-officials`, {
      token: aToken,
      body: {
        values: {
          role: "DIRECTOR",
          firstName: "Ada",
          lastName: "Director",
          dob: "1970-01-01",
          nationalityId: "GB",
          natureOfControl: "DIRECT_CONTROL",
        },
      },
    });
    expect(official.status).toBe(201);
    const applicantUpload = await send(s, "POST", { path: "/uploads", form: applicantUploadForm }, aToken);
    expect(applicantUpload.status).toBe(201);
    const appDoc = await s.call("POST", `/clients-applications/${application.body.id}/documents`, {
      token: aToken,
      body: { category: "INCORPORATION_CERTIFICATE", uploadIds: [applicantUpload.body.data[0].id] },
    });
    expect(appDoc.status).toBe(201);
    const quote = await s.call("POST", "/exchange/calc", {
      token: aToken,
      body: { accountId: owner.account!.id, fromCurrencyId: "GBP", toCurrencyId: "EUR", sellAmount: "1.00" },
    });
    expect(quote.status).toBe(201);
    const fxRequest = await s.call("POST", "/exchange/fx-requests", {
      token: aToken,
      body: FX_REQUEST({ orgId: owner.organization.id, accountId: owner.account!.id }),
      headers: { "Idempotency-Key": "owner-fxr-1" },
    });
    expect(fxRequest.status).toBe(201);
    const card = await createCard(s.db, {
      organizationId: owner.organization.id,
      accountId: owner.account!.id,
      lastFour: "9876",
      cardName: "A's company card",
    });
    const chat = await s.call("GET", `/channels?organizationId=${owner.organization.id}`, { token: aToken });
    const channelId = chat.body.data.find((c: { channelType: string }) => c.channelType === "MAIN").id as string;
    expect(
      (await s.call("POST", `/channels/${channelId}/messages`, { token: aToken, body: { content: "A's chat secret" } })).status,
    ).toBe(201);
    const chatDoc = await s.call("POST", `/channels/${channelId}/documents`, {
      token: aToken,
      body: { data: [{ uploadId, name: "A's chat file.pdf" }] },
    });
    expect(chatDoc.status).toBe(201);
    const { postNotification } = await import("../../server/domain/chat/index.js");
    const notification = await postNotification(
      s.db,
      { organizationId: owner.organization.id },
      { content: "A's notification", key: "Notifications.test" },
    );
    a = {
      channelId,
      chatDocumentId: chatDoc.body.data[0].documentId,
      notificationId: notification.id,
      orgId: owner.organization.id,
      accountId: owner.account!.id,
      accountNumber: owner.account!.number,
      paymentId: pay.body.id,
      itemId: item.body.data[0].id,
      challengeToken: challenge.body.token,
      challengeCode: challenge.body.debugCode,
      phone: owner.phone,
      refreshToken: second.refreshToken,
      userId: owner.user.id,
      deviceId: (await s.db.select({ f: apiSessions.familyId }).from(apiSessions).where(eq(apiSessions.id, second.sessionId)))[0]!
        .f,
      uploadId,
      beneficiaryId: beneficiary.body.id,
      orderId: order.body.id,
      contractId: contract.body.id,
      documentId: contractDoc.body.data[0].id,
      applicationId: application.body.id,
      officialId: official.body.id,
      applicationDocumentId: appDoc.body.data[0].id,
      applicantUploadId: applicantUpload.body.data[0].id,
      quoteId: quote.body.id,
      memberId: owner.member.id,
      fxRequestId: fxRequest.body.id,
      cardId: card.id,
    };
    // A is asked to sign the profile agreement (POST /agreements/:id/sign of another user is 404).
    await requestAgreement(s.db, owner.phone, PROFILE_AGREEMENT_ID);
    const individual = await createCustomer(s.db, { type: "INDIVIDUAL", balances: { GBP: "50.00", EUR: "50.00" } });
    const corporate = await createCustomer(s.db, { type: "CORPORATE", balances: { GBP: "50.00", EUR: "50.00" } });
    intruders = [
      {
        name: "second customer",
        customer: individual,
        own: { orgId: individual.organization.id, accountId: individual.account!.id },
      },
      {
        name: "customer of another organization",
        customer: corporate,
        own: { orgId: corporate.organization.id, accountId: corporate.account!.id },
      },
    ];
  });
  afterAll(async () => s?.close());

  it("the route list is read from the routers and every route has a case (add one for a new route)", () => {
    expect(routes.length).toBeGreaterThan(20);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(
      keys.filter((k) => !CASES[k]),
      "routes without an authorization case",
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !keys.includes(k)),
      "cases for routes that no longer exist",
    ).toEqual([]);
    expect(
      routes
        .filter((r) => !r.auth)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
      "routes without requireAuth",
    ).toEqual(Object.keys(PUBLIC).sort());
  });

  it("a logged-out call gets 401 on every route but the public ones", async () => {
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC[key]) continue;
      const req = CASES[key].cross(a, intruders[0].own)[0];
      for (const token of [undefined, "not-a-session-token-0123456789"]) {
        // Body {}: the cross bodies carry A's refresh token, which itself is a credential (logout by refresh token).
        const res = req.form
          ? await send(s, r.method, req, token)
          : await s.call(r.method, req.path, { token, body: r.method === "GET" ? undefined : {}, headers: req.headers });
        expect(res.status, `${key} (${token ? "bad token" : "no token"})`).toBe(401);
        expect(res.body.code).toBe("UNAUTHENTICATED");
      }
    }
  });

  it("another customer using A's ids gets 403/404 and none of A's data; A's payment is untouched", async () => {
    const secrets = () => [
      ...[a.orgId, a.accountId, a.accountNumber, a.paymentId, a.itemId, a.uploadId, a.beneficiaryId, a.orderId],
      ...[a.contractId, a.documentId, "A's Rahmenvertrag", "RV-2026-01"],
      ...[a.applicationId, a.officialId, a.applicationDocumentId, a.applicantUploadId, "A's Onboarding Ltd"],
      a.quoteId,
      a.fxRequestId,
      a.deviceId,
      a.cardId,
      "A's company card",
      "•••• 9876",
      ...[a.channelId, a.chatDocumentId, a.notificationId, "A's chat secret", "A's chat file", "A's notification"],
    ];
    for (const intruder of intruders) {
      for (const r of routes) {
        const key = `${r.method} ${r.path}`;
        const c = CASES[key];
        for (const req of c.cross(a, intruder.own)) {
          const token = await s.login(intruder.customer.phone);
          const res = await send(s, r.method, req, token);
          const where = `${intruder.name}: ${r.method} ${req.path}`;
          expect(c.refused ?? [403, 404], where).toContain(res.status);
          const text = JSON.stringify(res.body ?? "");
          for (const secret of [...secrets(), "A's kept answer", "A's half-typed payee", "A's Lieferant GmbH", "A's cash payee"])
            expect(text, `${where} leaks ${secret}`).not.toContain(secret);
          expect(text, `${where} opens a session`).not.toMatch(/"(accessToken|refreshToken)"\s*:/);
          if (r.path === "/signatures/validate") expect(res.body.token, `${where} mints an MFA token`).toBeUndefined();
        }
      }
    }
    // A still sees the payment waiting, signs nothing twice, and both of A's sessions live.
    const p = await s.call("GET", `/payments/${a.paymentId}`, { token: aToken });
    expect(p.status).toBe(200);
    expect(p.body.status).toBe("AWAITING_SIGNATURE");
    const refreshed = await s.call("POST", "/auth/refresh", { body: { refreshToken: a.refreshToken } });
    expect(refreshed.status).toBe(200);
    const draft = await s.call("GET", "/payment-drafts/euro", { token: aToken });
    expect(draft.body.data).toEqual({ beneficiaryName: "A's half-typed payee" });
    // A's kept form is still there for A (any of A's sessions), once.
    const keptForm = await s.call("POST", "/auth/kept-forms/take", { token: aToken, body: { path: KEPT_PATH } });
    expect(keptForm.body).toEqual({ fields: [["companyName", "A's kept answer"]] });
    // A's beneficiary is still there, unchanged (not edited, submitted or deleted by anyone else).
    const saved = await s.call("GET", `/beneficiaries/${a.beneficiaryId}`, { token: aToken });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "DRAFT", name: "A's Lieferant GmbH", iban: "DE02120300000000202051" });
    // A's agreement is still A's to sign, and A is still the main representative, APPROVED.
    const unsigned = await s.call("GET", "/agreements/unsigned", { token: aToken });
    expect(unsigned.body.data.map((x: { id: string }) => x.id)).toEqual([PROFILE_AGREEMENT_ID]);
    const officials = await s.call("GET", `/clients-organizations/${a.orgId}/clients-officials`, { token: aToken });
    expect(officials.body.data).toEqual([
      expect.objectContaining({ id: a.memberId, status: "APPROVED", companyOfficialType: "MAIN_REPRESENTATIVE" }),
    ]);
    // A's exchange quote was not executed by anyone else.
    const q = await s.call("GET", `/exchange/${a.quoteId}`, { token: aToken });
    expect(q.status).toBe(200);
    expect(q.body.transactionId).toBeNull();
    // A's FX rate request likewise, nothing held.
    const fx = await s.call("GET", `/exchange/fx-requests/${a.fxRequestId}`, { token: aToken });
    expect(fx.body).toMatchObject({ status: "AWAITING_SIGNATURE", signedAt: null });
    // A's card is still ACTIVE (nobody froze it) and no one ordered a card on A's account.
    const card = await s.call("GET", `/cards/${a.cardId}`, { token: aToken });
    expect(card.body).toMatchObject({ status: "ACTIVE", cardNumber: "•••• 9876" });
    const aCards = await s.call("GET", `/cards?accountId=${a.accountId}`, { token: aToken });
    expect(aCards.body.data).toHaveLength(1);
    // A's remittance order is still waiting for A's signature (nobody else signed or declined it).
    const o = await s.call("GET", `/payments-orders/${a.orderId}`, { token: aToken });
    expect(o.body).toMatchObject({ status: "PENDING", rejectedBy: null, payee: { name: "A's cash payee" } });
    // A's contract likewise (not renamed or submitted), with its one document only.
    const contract = await s.call("GET", `/beneficiaries/${a.beneficiaryId}/contracts/${a.contractId}`, { token: aToken });
    expect(contract.body).toMatchObject({ status: "DRAFT", name: "A's Rahmenvertrag", documentIds: [a.documentId] });
    const contracts = await s.call("GET", `/beneficiaries/${a.beneficiaryId}/contracts`, { token: aToken });
    expect(contracts.body.data).toHaveLength(1);
    const docs = await s.call("GET", `/beneficiaries/${a.beneficiaryId}/documents`, { token: aToken });
    expect(docs.body.data.map((d: { id: string }) => d.id)).toEqual([a.documentId]);
    const file = await fetch(`${s.baseUrl}/api/v1/beneficiaries/${a.beneficiaryId}/documents/${a.documentId}/file`, {
      headers: { authorization: `Bearer ${aToken}` },
    });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // The owner's own calls with the same ids succeed: the refusals above are about the caller.
    for (const path of [
      `/accounts/${a.accountId}`,
      `/payments/${a.paymentId}/signatures`,
      `/payments/${a.paymentId}/documents`,
      `/statements-items/${a.itemId}`,
      `/payments-orders/${a.orderId}`,
      `/settings/payments?organizationId=${a.orgId}`,
      `/settings/exchange-custom-rate?organizationId=${a.orgId}`,
      `/exchange/fx-requests?organizationId=${a.orgId}`,
      `/exchange/fx-requests/${a.fxRequestId}`,
      `/cards/${a.cardId}`,
      `/cards?organizationId=${a.orgId}&accountId=${a.accountId}`,
      `/settings/cards?organizationId=${a.orgId}`,
    ]) {
      expect((await s.call("GET", path, { token: aToken })).status, path).toBe(200);
    }
  });
});

/** Send one case request: JSON through `s.call`, or multipart/form-data when the case has a `form`. */
async function send(s: TestServer, method: string, req: Req, token?: string): Promise<{ status: number; body: any }> {
  if (!req.form) return s.call(method, req.path, { token, body: req.body, headers: req.headers });
  const res = await fetch(`${s.baseUrl}/api/v1${req.path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(req.headers ?? {}) },
    body: req.form(),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
