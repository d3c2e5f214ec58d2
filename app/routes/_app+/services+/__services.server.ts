/**
 * What /services (`_index.tsx`) does on the server, from ONE module (each `.server` module a
 * route imports becomes a stub chunk of its first load; see `_app+/__home.server.ts`).
 */
export { listAccounts, requireAppContext } from "~/lib/app-context.server";
export { organizationOffers } from "~/lib/organization-offers.server";
export { settleList } from "~/lib/list-errors.server";
