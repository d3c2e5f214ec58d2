/**
 * What /cards/order-card (`order-card.tsx`) does on the server, from ONE module: each `.server`
 * module a route imports is a stub chunk of its own on the page's first load in the browser
 * build (as `../__history.server.ts`).
 */
export { ApiError } from "~/lib/api.server";
export { listAccounts, requireAppContext } from "~/lib/app-context.server";
export { verifyCsrf } from "~/lib/csrf.server";
export { default as i18next } from "~/lib/i18next.server";
export { settleList } from "~/lib/list-errors.server";
export { cardOrderedWithKey, cardOrderFormKey, rememberCardOrderKey } from "~/lib/card-order-key.server";
