/**
 * Hidden CSRF field (`csrf`) for every form; the token comes from the root loader
 * (lib/csrf.server.ts verifies it in every action).
 */
import { useRouteLoaderData } from "@remix-run/react";

export function AuthenticityTokenInput() {
  const data = useRouteLoaderData("root") as { csrf?: string } | undefined;
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}
