/**
 * What /currency-exchange (`_index.tsx`) does on the server, from ONE module: each `.server`
 * module a route imports is a stub chunk of its own on the page's first load in the browser
 * build (as `../__history.server.ts`).
 */
export { listAccounts, requireAppContext } from "~/lib/app-context.server";
export { verifyCsrf } from "~/lib/csrf.server";
export { customRateEnabled } from "~/lib/fx-requests.server";
export { default as i18next } from "~/lib/i18next.server";
export { settleList } from "~/lib/list-errors.server";
export { calcErrors, readExchangeForm, type ExchangeFormErrors, type ExchangeFormValues } from "./__quote.server";
