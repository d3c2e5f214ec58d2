/**
 * /payments/internal/form — transfer to another customer, step 2 (spec 000 §2): the recipient
 * named by `?phone=` (a person) or `?companyNumber=` (a company) is looked up again here
 * (GET /v1/clients-organizations/check-invididual-recepient or check-corp-recepient), so a
 * bookmarked or reloaded form still shows who is paid; no recipient, or a failed lookup, goes
 * back to /payments/internal (with `?error=`), as does a recipient that is the paying organization
 * itself (`error=self`: "Between my accounts" is the way; docs/decisions.md "Paying oneself as
 * another customer"). The form posts pay-from balance, purpose and
 * category (optional), amount and reference; the action creates an InternalPaymentRequest
 * (Idempotency-Key) and goes to signing. What was typed is kept as the "internal" draft. An
 * accounts list the API refuses shows its error where the "Pay from" choices would be
 * (list-errors.server), the rest of the form as usual; the payment cannot be sent without them.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { RecipientCheck } from "../../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { ApiError } from "~/lib/api.server";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { beneficiaryChoice } from "~/lib/beneficiaries.server";
import { balanceSources, parseSource, sourceScales } from "~/lib/balance-sources";
import { skipDraftRevalidation } from "~/lib/drafts";
import { settleList } from "~/lib/list-errors.server";
import { paymentFormData, releasedPayment, submitPaymentForm } from "~/lib/payments.server";
import { splitScreen } from "~/lib/split-screen";
import { recipientQuery, type LookupError } from "./__recipient";
// Server-only: in the browser the screen (form, remix-validated-form) is a chunk of its own; its rules
// (zod, …) another, loaded when the form is first used (lib/lazy-validator.ts).
import { FIELDS, Screen, internalValidator } from "./__internal.screen.server";

export const handle = { i18n: ["payments"], titleKey: "payments:internal.title" };

export const shouldRevalidate = skipDraftRevalidation;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const query = recipientQuery(new URL(request.url).searchParams);
  if (!query) throw redirect("/payments/internal", { headers: await api.headers() });
  const back = async (error: LookupError) =>
    redirect(`/payments/internal?${new URLSearchParams({ [query.by]: query.raw, error })}`, {
      headers: await api.headers(),
    });
  if (!query.valid) throw await back("invalid");
  // Nothing to pay from: step 1 shows the no-accounts popup; no lookup is spent (rate-limited).
  // A refused list is not "nothing": the form, its error where the choices would be.
  const accounts = await settleList(request, listAccounts(api, org.id));
  if (accounts.data?.length === 0) throw redirect("/payments/internal", { headers: await api.headers() });
  let recipient: RecipientCheck;
  try {
    recipient =
      query.by === "phone"
        ? await api.get<RecipientCheck>("/clients-organizations/check-invididual-recepient", { phone: query.value })
        : await api.get<RecipientCheck>("/clients-organizations/check-corp-recepient", { companyNumber: query.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw await back(
      error.status === 404 ? "not-found" : error.status === 429 ? "rate-limited" : error.status === 400 ? "invalid" : "failed",
    );
  }
  // The recipient is the organization that pays (one's own phone from one's personal account, a
  // company's own number): the API refuses it (isNotSelf); say so on the field, before anything is typed.
  if (recipient.organizationId === org.id) throw await back("self");
  const [form, saved] = await Promise.all([
    paymentFormData(api, request, "internal", org.id, releasedPayment(request)),
    beneficiaryChoice(api, org.id, request, "INTERNAL"),
  ]);
  // A saved beneficiary (`?beneficiary=`, from its pay link) is kept only for the phone looked up here.
  const chosen = saved.chosen && query.by === "phone" && saved.chosen.phone === query.value ? saved.chosen : null;
  // A draft is restored only into the form for the same recipient.
  const draftRecipient = form.draft?.[query.by === "phone" ? "recipientPhone" : "recipientCompanyNumber"];
  return json(
    {
      by: query.by,
      value: query.value,
      recipient,
      sources: balanceSources(accounts.data ?? []),
      sourcesError: accounts.error,
      ...form,
      draft: draftRecipient === query.value ? form.draft : null,
      // The list was read only to find the asked beneficiary: its error is shown when one was asked.
      saved: {
        choices: [],
        chosen,
        error: new URL(request.url).searchParams.has("beneficiary") ? saved.error : null,
      },
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPaymentForm(
    request,
    "internal",
    // The screen's validator needs the balances' scales: the amount is checked at the chosen one's.
    // A refused list: no scales (no balance was offered either: the empty choice is refused).
    async ({ api, org }) =>
      internalValidator(sourceScales(balanceSources((await settleList(request, listAccounts(api, org.id))).data ?? []))),
    [...FIELDS, "recipientPhone", "recipientCompanyNumber"],
    (d, organizationId) => {
      const source = parseSource(d.source);
      if (!source) return { field: "source", key: "errors:account-required" };
      return {
        organizationId,
        kind: "INTERNAL",
        ...source,
        amount: d.amount,
        reference: d.reference,
        purpose: d.purpose,
        categoryId: d.categoryId,
        ...(d.recipientPhone ? { recipientPhone: d.recipientPhone } : { recipientCompanyNumber: d.recipientCompanyNumber }),
      };
    },
  );
}

export default splitScreen(Screen, () => import("./__internal.screen"));

export const ErrorBoundary = RouteErrorBoundary;
