/**
 * /payments/internal — transfer to another customer, step 1 (spec 000 §2): find the recipient,
 * a person by phone or a company by its company number. Two small GET forms to
 * /payments/internal/form (?phone= or ?companyNumber=), whose loader does the lookup
 * (GET /v1/clients-organizations/check-invididual-recepient or check-corp-recepient) and sends
 * the customer back here with `?error=` (invalid, not-found, rate-limited, failed) when it
 * fails: the value typed comes back in its field with the message. Works without JavaScript.
 * An organization without accounts gets the no-accounts popup instead of the forms (spec 000 §6):
 * nothing to pay from, so no lookup is spent on it (lookups are rate-limited). An accounts list
 * the API refuses: its error where the forms would be (the "Pay from" choices' error, as the form
 * page would show it: nothing can be sent without them), no lookup spent either
 * (docs/decisions.md "Failed lists").
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/forms/Field";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { NoAccountsPanel } from "~/components/ui/NoAccountsPanel";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { settleList } from "~/lib/list-errors.server";
import { PendingPaymentNotice } from "~/components/forms/PendingPaymentNotice";
import { loadPaymentDraft, paymentFormKey, releasedPayment } from "~/lib/payments.server";
import styles from "../payments.module.css";
import { lookupErrorKey, recipientQuery } from "./__recipient";
import { PayFromError } from "../__pay-from-error";

export const handle = { i18n: ["payments"], titleKey: "payments:internal.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const query = recipientQuery(params);
  const [accounts, draft, { pendingPaymentId }] = await Promise.all([
    // Read only to know whether there is anything to pay from: a refusal is shown, not "no accounts".
    settleList(request, listAccounts(api, org.id)),
    loadPaymentDraft(api, "internal", org.id),
    paymentFormKey(api, "internal", org.id, releasedPayment(request)),
  ]);
  // A draft names its recipient: offer to go back to that form.
  const draftRecipient = draft?.recipientPhone
    ? `phone=${encodeURIComponent(draft.recipientPhone)}`
    : draft?.recipientCompanyNumber
      ? `companyNumber=${encodeURIComponent(draft.recipientCompanyNumber)}`
      : null;
  return json(
    {
      phone: query?.by === "phone" ? query.raw : "",
      companyNumber: query?.by === "companyNumber" ? query.raw : "",
      error: query ? lookupErrorKey(query.by, params.get("error")) : null,
      /** The recipient was the paying organization itself: the error names "Between my accounts", linked. */
      own: Boolean(query) && params.get("error") === "self",
      by: query?.by ?? null,
      continueHref: draftRecipient ? `/payments/internal/form?${draftRecipient}` : null,
      pendingPaymentId,
      noAccounts: accounts.data?.length === 0,
      accountsError: accounts.error,
      organizationType: org.type,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function InternalLookup() {
  const { phone, companyNumber, error, own, by, continueHref, pendingPaymentId, noAccounts, accountsError, organizationType } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  if (noAccounts)
    return (
      <>
        <h1>{t("internal.title")}</h1>
        <NoAccountsPanel organizationType={organizationType} />
      </>
    );
  return (
    <>
      <h1>{t("internal.title")}</h1>
      <PendingPaymentNotice paymentId={pendingPaymentId} />
      {continueHref ? (
        <Alert testId="internal-draft">
          <Link to={continueHref}>{t("internal.continue-draft")}</Link>
        </Alert>
      ) : null}
      <p>{t("internal.intro")}</p>
      {accountsError ? (
        <PayFromError message={accountsError} />
      ) : (
        <InternalLookupForms phone={phone} companyNumber={companyNumber} error={error} own={own} by={by} />
      )}
    </>
  );
}

/** The two lookup forms (a person by phone, a company by its number), each with its value and error. */
function InternalLookupForms({
  phone,
  companyNumber,
  error,
  own = false,
  by,
}: {
  phone: string;
  companyNumber: string;
  error: string | null;
  /** The error says the recipient is the paying organization: a link to "Between my accounts" follows it. */
  own?: boolean;
  by: string | null;
}) {
  const { t } = useTranslation("payments");
  return (
    <>
      <section aria-labelledby="person-title">
        <h2 id="person-title">{t("internal.person-title")}</h2>
        <Form method="get" action="/payments/internal/form">
          <Field
            name="phone"
            label={t("internal.phone")}
            hint={t("internal.phone-hint")}
            type="tel"
            autoComplete="off"
            inputMode="tel"
            defaultValue={phone}
            error={by === "phone" ? error : null}
            required
          />
          <Button type="submit">{t("internal.find")}</Button>
        </Form>
        {own && by === "phone" ? <BetweenAccountsLink /> : null}
      </section>
      <section aria-labelledby="company-title" className={styles.section}>
        <h2 id="company-title">{t("internal.company-title")}</h2>
        <Form method="get" action="/payments/internal/form">
          <Field
            name="companyNumber"
            label={t("internal.company-number")}
            hint={t("internal.company-number-hint")}
            autoComplete="off"
            spellCheck={false}
            maxLength={12}
            defaultValue={companyNumber}
            error={by === "companyNumber" ? error : null}
            required
          />
          <Button type="submit">{t("internal.find-company")}</Button>
        </Form>
        {own && by === "companyNumber" ? <BetweenAccountsLink /> : null}
      </section>
    </>
  );
}

/** Where a transfer to the paying organization itself belongs (after the field's "this is yours" error). */
function BetweenAccountsLink() {
  const { t } = useTranslation("payments");
  return (
    <p data-testid="internal-own">
      <Link to="/payments/between-accounts">{t("between.title")}</Link>
    </p>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
