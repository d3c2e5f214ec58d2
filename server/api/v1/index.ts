/**
 * The /api/v1 router (spec 000 §7): mounts one router per resource. Every resource router
 * authenticates with `requireAuth` itself, so the auth calls stay public. The uploads router
 * (multipart) parses its own bodies; the JSON parser and NUL guard in server/app.ts skip them.
 */
import { Router } from "express";
import type { ApiDeps } from "./http.js";
import { DEV_CLIENT_IP_SECRET, forwardedClientIp } from "./client-ip.js";
import { createAuthRouter } from "./auth.js";
import { createUsersRouter } from "./users.js";
import { createAccountsRouter } from "./accounts.js";
import { createPaymentsRouter } from "./payments.js";
import { createSignaturesRouter } from "./signatures.js";
import { createStatementsRouter } from "./statements.js";
import { createSettingsRouter } from "./settings.js";
import { createBrandRouter } from "./brand.js";
import { createCurrenciesRouter } from "./currencies.js";
import { createOrganizationsRouter } from "./organizations.js";
import { createUploadsRouter } from "./uploads.js";
import { createReferenceRouter } from "./reference.js";
import { createOnboardingReferenceRouter } from "./onboarding-reference.js";
import { createBeneficiariesRouter } from "./beneficiaries.js";
import { createPaymentsOrdersRouter } from "./payments-orders.js";
import { createApplicationsRouter } from "./applications.js";
import { createExchangeRouter } from "./exchange.js";
import { createAgreementsRouter } from "./agreements.js";
import { createFxRequestsRouter } from "./fx-requests.js";
import { createCardsRouter } from "./cards.js";
import { createChatRouter } from "./chat.js";
import { createOpsRouter } from "./ops/index.js";

/** Build the API router with its dependencies (db, config, sms, logger). */
export function createApiRouter(deps: ApiDeps): Router {
  const r = Router();
  // The customer's address the web app forwards, when its proof holds (client-ip.ts): the per-IP
  // limits count customers, not the web server.
  r.use(forwardedClientIp(deps.config.SESSION_SECRET ?? DEV_CLIENT_IP_SECRET));
  // The staff API first (issue 13): its own token and roles; no customer router sees /ops.
  r.use("/ops", createOpsRouter(deps));
  r.use(createAuthRouter(deps));
  r.use(createUsersRouter(deps));
  r.use(createAccountsRouter(deps));
  // Before payments and settings: it answers /payments/:id/documents and
  // /settings/transactions-documents itself (per-route requireAuth), so the token is checked once.
  r.use(createUploadsRouter(deps));
  r.use(createPaymentsRouter(deps));
  r.use(createSignaturesRouter(deps));
  r.use(createStatementsRouter(deps));
  // Before settings: it answers /settings/psp-partners itself (per-route requireAuth).
  r.use(createReferenceRouter(deps));
  // Before settings: it answers /settings/applications and /settings/clients-settings itself (per-route requireAuth).
  r.use(createOnboardingReferenceRouter(deps));
  // Before settings: it answers /settings/beneficiaries itself (per-route requireAuth).
  r.use(createBeneficiariesRouter(deps));
  r.use(createBrandRouter(deps)); // public /settings/whitelabel…: before the authenticated /settings
  // Before settings: it answers /settings/cards itself (per-route requireAuth).
  r.use(createCardsRouter(deps));
  r.use(createSettingsRouter(deps));
  r.use(createCurrenciesRouter(deps));
  r.use(createOrganizationsRouter(deps));
  r.use(createPaymentsOrdersRouter(deps));
  r.use(createApplicationsRouter(deps));
  r.use(createAgreementsRouter(deps));
  // Before exchange: its /exchange/:id would answer /exchange/fx-requests.
  r.use(createFxRequestsRouter(deps));
  r.use(createExchangeRouter(deps));
  r.use(createChatRouter(deps));
  return r;
}
