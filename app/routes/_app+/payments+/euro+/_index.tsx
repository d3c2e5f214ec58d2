/**
 * /payments/euro — SEPA euro payment (spec 000 §2): from-account limited to EUR balances,
 * beneficiary name, IBAN, BIC (ibantools), amount (spec §5), reference. Creates the payment
 * with an Idempotency-Key, then sends the signing code and goes to the signing page.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { formatMoney } from "~/lib/money";
import { paymentFormKey, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (form, zod, remix-validated-form, ibantools) is a chunk of its own.
import { FIELDS, Screen, validator } from "./__euro.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:euro.title" };

export { validator };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const accounts = await listAccounts(api, org.id);
  const sources = accounts.flatMap((a) =>
    a.balances
      .filter((b) => b.currencyId === "EUR")
      .map((b) => ({ accountId: a.id, label: `${a.name || a.number} — ${formatMoney(b.amount, "EUR")}` })),
  );
  const { key, pendingPaymentId } = await paymentFormKey(api, "euro");
  return json(
    { sources, idempotencyKey: key, pendingPaymentId },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "euro", validator, FIELDS, (d, organizationId) => ({
    organizationId,
    kind: "EURO",
    accountId: d.accountId,
    currencyId: "EUR",
    amount: d.amount,
    beneficiaryName: d.beneficiaryName,
    iban: d.iban,
    bic: d.bic,
    reference: d.reference,
  }));
}

export default splitScreen(Screen, () => import("./__euro.screen"));

export const ErrorBoundary = RouteErrorBoundary;
