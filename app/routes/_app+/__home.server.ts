/**
 * What /home (`home.tsx`) does on the server, from ONE module: each `.server` module a route
 * imports becomes a stub chunk in the browser build (and an entry in the route manifest), bytes
 * of the page's first load, so the home route imports only this one.
 */
export { listAccounts, requireAppContext } from "~/lib/app-context.server";
export { verifyCsrf } from "~/lib/csrf.server";
export { recentBeneficiaries } from "~/lib/beneficiaries.server";
export { fxRequestsToSign, listFxRequestGroups } from "~/lib/fx-requests.server";
export { firstPageOnBadCursor } from "~/lib/paging.server";
export { settleList } from "~/lib/list-errors.server";
export { feesCount } from "~/components/ui/FeesList";
export { default as TabPanel } from "./__home.tabs";
export { organizationOffers } from "~/lib/organization-offers.server";
export { remittanceOrdersToSign } from "~/lib/remittance-to-sign.server";
