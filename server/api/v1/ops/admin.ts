/**
 * /api/v1/ops — rates, tariffs and fees, settings flags (role ADMIN; issue 13; docs/ops.md
 * "ADMIN"). Each change: server/domain/ops/admin.ts (the domain function and its audit entry in
 * one transaction); answers `{ before, after }`.
 *
 * GET  /ops/rates                            → OpsRates
 * POST /ops/rates {currencyId, unitsPerEur, confirmLargeChange?} → {before, after}: OpsRateLine
 * POST /ops/rates/:currencyId/clear          → {before, after}
 * POST /ops/rates/spread {percent}           → {before, after}: {spreadPercent}
 * POST /ops/rates/sol {priceUsd}             → {before, after}: {solPriceUsd}
 * GET  /ops/tariffs                          → {data: OpsTariff[]}
 * POST /ops/tariffs {name}                   → {before: null, after: OpsTariff}
 * POST /ops/tariffs/:id/default {confirm: true} → {before, after}: {tariffId, tariffName, organizationsOnDefault}
 *                                              (reprices every organization without a tariff: confirmed)
 * POST /ops/fees (OpsSetFeeRequest)          → {before: Fee | null, after: Fee}
 * POST /ops/fees/:id/remove                  → {before: Fee, after: null}
 * GET  /ops/organizations?q=                 → {data: {id, name, type, tariffId}[]} (at most 20, by name)
 * GET  /ops/organizations/:id/fees           → OpsOrganizationFees
 * POST /ops/organizations/:id/tariff {tariffId | null} → {before, after}
 * GET  /ops/settings?organizationId=         → {organizationId, data: OpsSettingFlag[]}
 * POST /ops/settings {key, value, organizationId?} → {before, after}: OpsSettingFlag
 * Errors: 401/403 (guard), 404 (organization, fee, bank rate), 400 VALIDATION_FAILED (field errors).
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import type { OpsSetFeeRequest } from "../contract.js";
import { listRates } from "../../../domain/exchange/bank-rates.js";
import { listTariffs, organizationFeesForStaff, searchOrganizations, setFeeSchema } from "../../../domain/fees/admin.js";
import { listSettingFlags } from "../../../domain/settings/flags.js";
import {
  assignTariffAsStaff,
  clearRateAsStaff,
  createTariffAsStaff,
  removeFeeAsStaff,
  setDefaultTariffAsStaff,
  setFeeAsStaff,
  setRateAsStaff,
  setSettingAsStaff,
  setSpreadAsStaff,
  setSolPriceAsStaff,
} from "../../../domain/ops/admin.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsSetRateBody = z.object({
  currencyId: z.string().trim().min(1).max(5),
  unitsPerEur: z.string().max(40),
  confirmLargeChange: z.boolean().optional(),
});
export const opsSpreadBody = z.object({ percent: z.string().max(12) });
export const opsSolPriceBody = z.object({ priceUsd: z.string().max(20) });
export const opsTariffBody = z.object({ name: z.string().trim().min(1).max(100) });
/** Making a tariff the default reprices every organization on the default: the body confirms it. */
export const opsDefaultTariffBody = z.object({ confirm: z.literal(true) });
export const opsFeeBody = setFeeSchema;
export const opsAssignTariffBody = z.object({ tariffId: z.string().uuid().nullable() });
export const opsOrganizationsQuery = z.object({ q: z.string().trim().max(100).optional() });
export const opsSettingsQuery = z.object({ organizationId: z.string().uuid().optional() });
export const opsSetSettingBody = z.object({
  key: z.string().min(1).max(60),
  value: z.boolean().nullable(),
  organizationId: z.string().uuid().nullish(),
});

/** The ADMIN routes (paths relative to /api/v1/ops). */
export function createOpsAdminRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/rates",
    ...opsRoute(deps, "ADMIN", async (_req, res) => {
      res.json(await listRates(deps.db));
    }),
  );
  r.post(
    "/rates",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      const body = parse(opsSetRateBody, req.body);
      res.json(await setRateAsStaff(deps.db, staff.id, body));
    }),
  );
  r.post(
    "/rates/spread",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.json(await setSpreadAsStaff(deps.db, staff.id, parse(opsSpreadBody, req.body)));
    }),
  );
  r.post(
    "/rates/sol",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.json(await setSolPriceAsStaff(deps.db, staff.id, parse(opsSolPriceBody, req.body)));
    }),
  );
  r.post(
    "/rates/:currencyId/clear",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.json(await clearRateAsStaff(deps.db, staff.id, { currencyId: req.params.currencyId }));
    }),
  );
  r.get(
    "/tariffs",
    ...opsRoute(deps, "ADMIN", async (_req, res) => {
      res.json({ data: await listTariffs(deps.db) });
    }),
  );
  r.post(
    "/tariffs",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.status(201).json(await createTariffAsStaff(deps.db, staff.id, parse(opsTariffBody, req.body)));
    }),
  );
  r.post(
    "/tariffs/:id/default",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      parse(opsDefaultTariffBody, req.body);
      res.json(await setDefaultTariffAsStaff(deps.db, staff.id, { tariffId: req.params.id }));
    }),
  );
  r.post(
    "/fees",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.json(await setFeeAsStaff(deps.db, staff.id, parse(opsFeeBody, req.body) as OpsSetFeeRequest));
    }),
  );
  r.post(
    "/fees/:id/remove",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.json(await removeFeeAsStaff(deps.db, staff.id, { feeId: req.params.id }));
    }),
  );
  r.get(
    "/organizations",
    ...opsRoute(deps, "ADMIN", async (req, res) => {
      const { q } = parse(opsOrganizationsQuery, req.query);
      res.json({ data: await searchOrganizations(deps.db, q ?? "") });
    }),
  );
  r.get(
    "/organizations/:id/fees",
    ...opsRoute(deps, "ADMIN", async (req, res) => {
      res.json(await organizationFeesForStaff(deps.db, req.params.id));
    }),
  );
  r.post(
    "/organizations/:id/tariff",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      const { tariffId } = parse(opsAssignTariffBody, req.body);
      res.json(await assignTariffAsStaff(deps.db, staff.id, { organizationId: req.params.id, tariffId }));
    }),
  );
  r.get(
    "/settings",
    ...opsRoute(deps, "ADMIN", async (req, res) => {
      const { organizationId } = parse(opsSettingsQuery, req.query);
      res.json({ organizationId: organizationId ?? null, data: await listSettingFlags(deps.db, { organizationId }) });
    }),
  );
  r.post(
    "/settings",
    ...opsRoute(deps, "ADMIN", async (req, res, staff) => {
      res.json(await setSettingAsStaff(deps.db, staff.id, parse(opsSetSettingBody, req.body)));
    }),
  );
  return r;
}
