/**
 * What /services (`_index.tsx`) does on the server, from ONE module (each `.server` module a
 * route imports becomes a stub chunk of its first load; see `_app+/__home.server.ts`).
 */
export { listAccounts, requireAppContext } from "~/lib/app-context.server";
export { customRateEnabled } from "~/lib/fx-requests.server";
export { personalAccountInvitation } from "~/lib/personal-account-invitation.server";
