/**
 * True once React has hydrated in the browser (false during SSR and the hydrating render;
 * true at once for components mounted later). `useSyncExternalStore` with a server snapshot
 * does this without a setState in an effect (no extra cascading render).
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
