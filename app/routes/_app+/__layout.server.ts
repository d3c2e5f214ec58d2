/**
 * What the signed-in layout (`_layout.tsx`) does on the server, from ONE module: each `.server`
 * module a route imports becomes a stub chunk in the browser build (and an entry in the route
 * manifest), loaded by every signed-in page, so the layout imports only this one.
 */
export { displayName, listAccounts, requireAppContext, unreadTotalSafe } from "~/lib/app-context.server";
export { config } from "~/lib/config.server";
export { clearDraftsOutsidePayments } from "~/lib/payments.server";
export { settleList } from "~/lib/list-errors.server";
