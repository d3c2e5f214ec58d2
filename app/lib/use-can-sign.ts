/**
 * Whether the signed-in caller signs payments of the active organization (lib/signing `canSign`),
 * as answered by the signed-in layout's loader (routes/_app+/_layout.tsx): for notices that offer
 * to sign or, to a member who cannot sign, explain that a signer will. True outside that layout.
 */
import { useRouteLoaderData } from "@remix-run/react";

/** Route id of the signed-in layout. */
export const APP_LAYOUT_ID = "routes/_app+/_layout";

export function useCanSign(): boolean {
  const layout = useRouteLoaderData(APP_LAYOUT_ID) as { canSign?: boolean } | undefined;
  return layout?.canSign !== false;
}
