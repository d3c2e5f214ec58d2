/**
 * Hidden CSRF field of every back-office form: the ops session's own token (the ops layout's
 * loader, app/lib/ops.server.ts), never the customer session's.
 */
import { useRouteLoaderData } from "@remix-run/react";

/** Route id of the ops layout (its loader gives `csrf`). */
export const OPS_LAYOUT_ID = "routes/ops+/_layout";

export function OpsCsrfInput() {
  const data = useRouteLoaderData(OPS_LAYOUT_ID) as { csrf?: string } | undefined;
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}
