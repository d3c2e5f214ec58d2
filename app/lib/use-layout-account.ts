/**
 * An account of the active organization as the signed-in layout's loader listed it
 * (routes/_app+/_layout.tsx, the accounts column): for pages that show an account they know only
 * by id and number (a payment's debited account) with the name the rest of the app uses.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { APP_LAYOUT_ID } from "./use-can-sign";

/** The name of the account `accountId` (null when the layout does not list it, or it has none). */
export function useLayoutAccountName(accountId: string): string | null {
  const layout = useRouteLoaderData(APP_LAYOUT_ID) as { accounts?: { id: string; name: string | null }[] } | undefined;
  return layout?.accounts?.find((a) => a.id === accountId)?.name || null;
}
