/**
 * /payments/internal — transfer to another customer by phone (spec 000 §2). Step 1 is a GET
 * form (?phone=) that looks the recipient up (GET /v1/clients-organizations/check-invididual-recepient)
 * and shows the shortened name; step 2 posts amount/currency/account, creates the payment
 * (Idempotency-Key) and goes to signing.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RecipientCheck } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError } from "~/lib/api.server";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { balanceSources, parseSource } from "~/lib/balance-sources";
import { paymentFormKey, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
// Server-only: in the browser the screen (form, zod, remix-validated-form) is a chunk of its own.
import { FIELDS, Screen, validator } from "./__internal.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:internal.title" };

const E164 = /^\+[1-9]\d{6,14}$/;
export { validator };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const raw = (new URL(request.url).searchParams.get("phone") ?? "").replace(/[\s\-()]/g, "");
  const accounts = await listAccounts(api, org.id);
  let recipient: RecipientCheck | null = null;
  let lookupError: string | null = null;
  if (raw) {
    if (!E164.test(raw)) lookupError = "errors:Auth.phone-invalid";
    else {
      try {
        recipient = await api.get<RecipientCheck>("/clients-organizations/check-invididual-recepient", { phone: raw });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        lookupError =
          error.status === 404
            ? "errors:Payments.recipient-not-found"
            : error.status === 429
              ? "errors:Auth.rate-limited"
              : "errors:Errors.internal";
      }
    }
  }
  const formKey = await paymentFormKey(api, "internal");
  return json(
    {
      phone: raw,
      recipient,
      lookupError,
      sources: balanceSources(accounts),
      idempotencyKey: formKey.key,
      pendingPaymentId: formKey.pendingPaymentId,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(request, "internal", validator, [...FIELDS, "recipientPhone"], (d, organizationId) => {
    const source = parseSource(d.source);
    if (!source) return { field: "source", key: "errors:account-required" };
    return {
      organizationId,
      kind: "INTERNAL",
      ...source,
      amount: d.amount,
      reference: d.reference,
      recipientPhone: d.recipientPhone,
    };
  });
}

export default splitScreen(Screen, () => import("./__internal.screen"));

export const ErrorBoundary = RouteErrorBoundary;
