/**
 * The staff guard of /api/v1/ops (docs/ops.md "Authorization on every call"): every ops route
 * is declared with `opsRoute(role, handler)`, which checks the staff bearer token and then the
 * role BEFORE any domain code runs.
 *
 * - 401 UNAUTHENTICATED without a valid staff token (customer tokens included: they are looked
 *   up in `staff_sessions`, where they never are; staff tokens start with `ops_`).
 * - 403 FORBIDDEN when the staff user lacks the route's role ("ANY": any staff user).
 * - The guard is registered in `authHandlers` (listApiRoutes marks the route authenticated) and
 *   its role in `staffRoleOf` (the generated authorization test reads it per route).
 */
import type { RequestHandler, Response } from "express";
import { asyncHandler, authHandlers, DomainError, type ApiDeps } from "../http.js";
import { authenticateStaffToken, type StaffContext, type StaffRole } from "../../../domain/ops/auth.js";

/** A route's role: one staff role, several (any of them suffices), or "ANY" staff user. */
export type OpsRole = StaffRole | readonly StaffRole[] | "ANY";

/** The role each ops guard handler requires (read by server/api/v1/routes.ts). */
export const staffRoleOf = new WeakMap<RequestHandler, OpsRole>();

/** The staff caller set by the guard. @throws DomainError UNAUTHENTICATED if the route forgot the guard */
export function getStaff(res: Response): StaffContext {
  const staff = res.locals.staff as StaffContext | undefined;
  if (!staff) throw new DomainError("UNAUTHENTICATED", "Authentication required");
  return staff;
}

/** True when `staff` holds `role` (any of them for a list; "ANY" for every staff user). */
export function hasRole(staff: Pick<StaffContext, "roles">, role: OpsRole): boolean {
  if (role === "ANY") return true;
  const wanted: readonly StaffRole[] = typeof role === "string" ? [role] : role;
  return wanted.some((r) => staff.roles.includes(r));
}

/**
 * The guard and the handler of one ops route: `router.post(path, ...opsRoute(deps, "ONBOARDING", async (req, res, staff) => …))`.
 * @param role the role required (see `OpsRole`)
 * @param handler runs only for an authenticated staff user with the role; rejections reach the error middleware
 * @returns [guard, handler] for Express
 */
export function opsRoute(
  deps: Pick<ApiDeps, "db">,
  role: OpsRole,
  handler: (req: Parameters<RequestHandler>[0], res: Response, staff: StaffContext) => Promise<unknown>,
): RequestHandler[] {
  const guard = asyncHandler(async (req, res, next) => {
    const header = req.get("authorization") ?? "";
    const match = /^Bearer (ops_[A-Za-z0-9_-]{43})$/.exec(header);
    const staff = match ? await authenticateStaffToken(deps.db, match[1]) : null;
    if (!staff) throw new DomainError("UNAUTHENTICATED", "Authentication required");
    if (!hasRole(staff, role)) throw new DomainError("FORBIDDEN", "This needs another staff role");
    res.locals.staff = staff;
    next();
  });
  authHandlers.add(guard);
  staffRoleOf.set(guard, role);
  return [guard, asyncHandler((req, res) => handler(req, res, getStaff(res)))];
}
