/**
 * /api/v1/ops — customers (docs/ops.md "Customers"): the bank's actions on a customer's login.
 *
 * POST /ops/customers/phone {phone, newPhone, reason} → OpsPhoneChange (role COMPLIANCE): a new
 *   phone number after the customer's identity was checked again (docs/decisions.md "Changing
 *   the phone number"; server/domain/ops/users.ts): every session revoked, unused codes expired,
 *   the customer's chat told, audited `user.phone-change`.
 * Errors: 401/403 (guard), 404 NOT_FOUND (no user has `phone`), 400 VALIDATION_FAILED (`newPhone`:
 *   not E.164, the same, or another user's; `reason`).
 * GET /ops/customers?q=&cursor=&take= → OpsCustomerSearch (role COMPLIANCE): customers by phone (full
 *   or trailing digits), name, e-mail, company name or number, newest first, 20 a page
 *   (server/domain/ops/customers.ts). Errors: 401/403 (guard), 400 VALIDATION_FAILED (`q`: missing,
 *   not 2 to 100 characters, control characters; `take`; `cursor`).
 */
import { Router } from "express";
import { z } from "zod";
import type { ApiDeps } from "../http.js";
import type { OpsCustomerSearch, OpsPhoneChange } from "../contract.js";
import { changePhoneAsStaff, PHONE_CHANGE_REASON_MAX } from "../../../domain/ops/users.js";
import { searchCustomers } from "../../../domain/ops/customers.js";
import { opsRoute } from "./guard.js";
import { parse } from "./auth.js";

export const opsPhoneChangeBody = z
  .object({
    phone: z.string().trim().min(1, "phone is required").max(20),
    newPhone: z.string().trim().min(1, "newPhone is required").max(20),
    reason: z.string().trim().min(1, "reason is required").max(PHONE_CHANGE_REASON_MAX),
  })
  .strict();

/** GET /ops/customers: the search (the domain checks `q` after trimming: 2 to 100 characters). */
export const opsCustomerSearchQuery = z.object({
  q: z.string().max(200),
  cursor: z.string().max(200).optional(),
  take: z.coerce.number().int().min(1).max(50).optional(),
});

/** The customers routes (paths relative to /api/v1/ops). */
export function createOpsCustomersRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get(
    "/customers",
    // COMPLIANCE only: the search serves the phone change (docs/ops.md "Customer search").
    ...opsRoute(deps, "COMPLIANCE", async (req, res) => {
      const { q, cursor, take } = parse(opsCustomerSearchQuery, req.query);
      const answer: OpsCustomerSearch = await searchCustomers(deps.db, q, { cursor, take });
      res.json(answer);
    }),
  );
  r.post(
    "/customers/phone",
    ...opsRoute(deps, "COMPLIANCE", async (req, res, staff) => {
      const body = parse(opsPhoneChangeBody, req.body);
      const c = await changePhoneAsStaff(deps.db, staff.id, body);
      const answer: OpsPhoneChange = {
        userId: c.userId,
        name: c.name,
        previousPhone: c.previousPhone,
        phone: c.phone,
        sessionsRevoked: c.sessionsRevoked,
      };
      res.json(answer);
    }),
  );
  return r;
}
