/**
 * /payments/between-accounts — transfer between own accounts (spec 000 §2: only with more than
 * one account; same currency). From = an (account, currency) balance; To = another account.
 * Both choices come from the accounts list: one the API refuses shows its error instead of the
 * form (nothing else on it could be sent), not a redirect as for fewer than two accounts
 * (lib/list-errors.server; docs/decisions.md "Failed lists").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext, type AppContext } from "~/lib/app-context.server";
import { balanceSources, parseSource, sourceScales } from "~/lib/balance-sources";
import { settleList } from "~/lib/list-errors.server";
import { paymentFormKey, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { betweenValidator, FIELDS, Screen } from "./__between-accounts.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:between.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const listed = await settleList(request, listAccounts(api, org.id));
  const accounts = listed.data ?? [];
  if (!listed.error && accounts.length < 2) throw redirect("/payments", { headers: await api.headers() });
  const formKey = await paymentFormKey(api, "between-accounts", org.id, releasedPayment(request));
  return json(
    {
      sources: balanceSources(accounts),
      sourcesError: listed.error,
      targets: accounts.map((a) => ({
        id: a.id,
        label: `${a.name || a.number} (${a.balances.map((b) => b.currencyId).join(", ")})`,
      })),
      idempotencyKey: formKey.key,
      pendingPaymentId: formKey.pendingPaymentId,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // The screen's validator needs the balances' scales: the amount is checked at the chosen one's.
  // A refused list: no scales (the form is not shown then: a submit lacks its choices, refused).
  const validator = async ({ api, org }: AppContext) =>
    betweenValidator(sourceScales(balanceSources((await settleList(request, listAccounts(api, org.id))).data ?? [])));
  return submitPaymentForm(request, "between-accounts", validator, FIELDS, (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "BETWEEN_ACCOUNTS",
      ...source,
      toAccountId: d.toAccountId,
      amount: d.amount,
      reference: d.reference,
    };
  });
}

export default splitScreen(Screen, () => import("./__between-accounts.screen"));

export const ErrorBoundary = RouteErrorBoundary;
