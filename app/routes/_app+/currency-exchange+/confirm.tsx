/**
 * /currency-exchange/confirm?quote=<id>[&requoted=1] — the quote to confirm (issue 9; spec 000 §7
 * Exchange): rate, amounts, fee, balances after and the expiry as seconds left and UK time
 * (`__quote-expiry.tsx`; counting down with JavaScript) (GET /v1/exchange/:id). Works
 * without JavaScript:
 * - POST intent=exchange (hidden idempotencyKey made in the loader: a double submit sends the same
 *   key) → POST /v1/exchange → redirect (PRG) to /currency-exchange/<id>. An expired quote
 *   (409 EXCHANGE_QUOTE_EXPIRED) is re-quoted with the same fixed side and amount and the page
 *   comes back with the fresh quote and a message (`requoted=1`), never executed at the old rate.
 * - POST intent=requote (shown when the quote has expired) → a fresh quote, same page.
 * An executed quote redirects to its result page.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ExchangeQuote } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import { calcErrors, requote, type ExchangeFormErrors } from "./__quote.server";
import { translateMessage } from "~/lib/i18n-message";
import { QuoteDetails } from "./__quote-details";
import { QuoteExpiry, useQuoteSecondsLeft } from "./__quote-expiry";
import styles from "./exchange.module.css";

export const handle = { i18n: ["exchange"], titleKey: "exchange:confirm.title" };

const confirmUrl = (id: string, requoted = false) =>
  `/currency-exchange/confirm?quote=${encodeURIComponent(id)}${requoted ? "&requoted=1" : ""}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const url = new URL(request.url);
  const id = url.searchParams.get("quote") ?? "";
  if (!id) throw redirect("/currency-exchange", { headers: await api.headers() });
  const quote = await api.get<ExchangeQuote>(`/exchange/${encodeURIComponent(id)}`);
  if (quote.status === "EXECUTED") throw redirect(`/currency-exchange/${quote.id}`, { headers: await api.headers() });
  return json(
    {
      quote,
      requoted: url.searchParams.get("requoted") === "1",
      idempotencyKey: crypto.randomUUID(),
      /** Whole seconds the quote is still valid now (bank's clock): the page counts down from it. */
      secondsLeft: quote.status === "QUOTED" ? Math.max(0, Math.ceil((Date.parse(quote.expiresAt) - Date.now()) / 1000)) : 0,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const id = String(form.get("quoteId") ?? "");
  const old = await api.get<ExchangeQuote>(`/exchange/${encodeURIComponent(id)}`);
  const fresh = async () => {
    try {
      return redirect(confirmUrl((await requote(api, old)).id, true), { headers: await api.headers() });
    } catch (error) {
      // e.g. the balance no longer covers it: back to the form with the reason
      const errors = calcErrors(error);
      return json({ errors }, { status: 400, headers: await api.headers() });
    }
  };
  if (form.get("intent") === "requote") return fresh();
  const key = String(form.get("idempotencyKey") ?? "");
  try {
    const done = await api.post<ExchangeQuote>("/exchange", { quoteId: old.id }, { idempotencyKey: key || crypto.randomUUID() });
    return redirect(`/currency-exchange/${done.id}`, { headers: await api.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.body.code === "EXCHANGE_QUOTE_EXPIRED") return fresh();
    if (error instanceof ApiError && error.body.code === "EXCHANGE_QUOTE_USED")
      return redirect(`/currency-exchange/${old.id}`, { headers: await api.headers() });
    return json({ errors: calcErrors(error) }, { status: 400, headers: await api.headers() });
  }
}

export default function ConfirmExchange() {
  const { quote, requoted, idempotencyKey, secondsLeft } = useLoaderData<typeof loader>();
  const { t } = useTranslation("exchange");
  const failed = useActionData<{ errors: ExchangeFormErrors }>()?.errors;
  const left = useQuoteSecondsLeft(secondsLeft, quote.id);
  // Expired by the API, or its seconds ran out on this page (with JavaScript): offer a fresh quote.
  const expired = quote.status === "EXPIRED" || left === 0;
  return (
    <>
      <h1>{t("confirm.title")}</h1>
      {failed ? (
        <Alert kind="error" testId="exchange-error" focus>
          {Object.values(failed)
            .map((m) => translateMessage(t, m))
            .join(" ")}
        </Alert>
      ) : null}
      {requoted ? (
        // In answer to Exchange on a quote that had expired (with JavaScript off the page cannot
        // know before): announced and focused, so the customer hears that the rate is new.
        <Alert testId="requoted" focus>
          <strong>{t("expired.title")}</strong> {t("expired.requoted")}
        </Alert>
      ) : null}
      {/* A live region from the start, so the expiry is announced when the countdown reaches it. */}
      <div aria-live="polite">
        {expired ? (
          <Alert testId="quote-expired">
            <strong>{t("expired.title")}</strong> {t("expired.text")}
          </Alert>
        ) : null}
      </div>
      <QuoteDetails quote={quote} />
      {expired ? null : <QuoteExpiry expiresAt={quote.expiresAt} secondsLeft={left} />}
      <Form method="post" action={confirmUrl(quote.id)} className={styles.actions}>
        <AuthenticityTokenInput />
        <input type="hidden" name="quoteId" value={quote.id} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {expired ? (
          <Button type="submit" name="intent" value="requote" data-testid="requote">
            {t("expired.requote")}
          </Button>
        ) : (
          <Button type="submit" name="intent" value="exchange" data-testid="exchange-submit">
            {t("confirm.exchange")}
          </Button>
        )}
        <Link to="/currency-exchange">{t("confirm.change")}</Link>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
