/**
 * CSP nonce for inline scripts during server rendering (value from the load context, given by
 * entry.server.tsx). In the browser the value is empty, which is fine: scripts are already in.
 */
import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string>("");

/** Provide the request's nonce to the tree. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The current CSP nonce ("" in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
