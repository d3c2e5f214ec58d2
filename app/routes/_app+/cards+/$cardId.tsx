/**
 * /cards/:cardId — card page (spec 000 §2 route table, §3 Card, §4 Card; issue 12). GET
 * /v1/cards/:id: the card's face (colour, payment-system mark as inline SVG, the masked number
 * `•••• 1234` or 'card ordered' while ORDERED — never a full number or CVV), status, account,
 * currency and balance, prepaid, limits, expiry. Works without JavaScript:
 * - ACTIVE: "Freeze card" is a link to `?confirm=freeze`, which shows a confirmation with a POST
 *   form (intent=freeze, CSRF token) and a link back; confirming → POST /v1/cards/:id/freeze →
 *   redirect here with `?done=frozen` (PRG).
 * - FROZEN: "Unfreeze card" posts intent=unfreeze at once (nothing to lose) → `?done=unfrozen`.
 * - A refused move (409 CARD_STATUS_CONFLICT: the card changed meanwhile) comes back as a
 *   translated message above the card, status 409.
 * - "Order a replacement card" → /cards/order-card?cardId=<id> (any card but an ORDERED one).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Card } from "../../../../server/api/v1/contract";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { CardDetails, CardPlate } from "~/components/ui/CardView";
import { ApiError } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { verifyCsrf } from "~/lib/csrf.server";
import i18next from "~/lib/i18next.server";
import styles from "./cards.module.css";

export const handle = { i18n: ["cards"], titleKey: "cards:title" };

const DONE = ["frozen", "unfrozen", "ordered"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAppContext(request);
  const url = new URL(request.url);
  try {
    const card = await api.get<Card>(`/cards/${encodeURIComponent(params.cardId ?? "")}`);
    const done = DONE.find((d) => d === url.searchParams.get("done")) ?? null;
    return json(
      { card, confirmFreeze: url.searchParams.get("confirm") === "freeze" && card.status === "ACTIVE", done },
      { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = encodeURIComponent(params.cardId ?? "");
  if (intent !== "freeze" && intent !== "unfreeze") return redirect(`/cards/${id}`, { headers: await api.headers() });
  try {
    await api.post<Card>(`/cards/${id}/${intent}`, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const t = await i18next.getFixedT(request, "cards");
    return json({ error: t("errors.status-conflict") }, { status: 409, headers: await api.headers() });
  }
  return redirect(`/cards/${id}?done=${intent === "freeze" ? "frozen" : "unfrozen"}`, { headers: await api.headers() });
}

export default function CardPage() {
  const { card, confirmFreeze, done } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("cards");
  const inactive = card.status === "CANCELED" || card.status === "VOID";
  const doneText = { frozen: t("freeze.done"), unfrozen: t("unfreeze.done"), ordered: t("ordered-done") };
  return (
    <>
      <h1>{card.cardName}</h1>
      {done ? (
        <Alert kind="success" testId="card-done">
          {doneText[done]}
        </Alert>
      ) : null}
      {failed?.error ? (
        <Alert kind="error" testId="card-error">
          {failed.error}
        </Alert>
      ) : null}
      <CardPlate card={card} inactive={inactive} />
      {card.status === "ORDERED" ? <p>{t("ordered-note")}</p> : null}
      <h2>{t("details")}</h2>
      <CardDetails card={card} account={{ id: card.accountId, number: card.accountNumber }} />
      {confirmFreeze ? (
        <section className={styles.confirm} aria-labelledby="freeze-title" data-testid="freeze-confirm">
          <h2 id="freeze-title">{t("freeze.confirm-title")}</h2>
          <p>{t("freeze.confirm-text")}</p>
          <Form method="post" action={`/cards/${card.id}`} className={styles.actions}>
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="freeze" />
            <Button type="submit" variant="danger">
              {t("freeze.confirm")}
            </Button>
            <Link to={`/cards/${card.id}`}>{t("freeze.cancel")}</Link>
          </Form>
        </section>
      ) : (
        <div className={styles.actions}>
          {card.status === "ACTIVE" ? (
            <Link to={`/cards/${card.id}?confirm=freeze`} data-testid="freeze-link">
              {t("freeze.button")}
            </Link>
          ) : null}
          {card.status === "FROZEN" ? (
            <Form method="post" action={`/cards/${card.id}`}>
              <AuthenticityTokenInput />
              <input type="hidden" name="intent" value="unfreeze" />
              <Button type="submit">{t("unfreeze.button")}</Button>
            </Form>
          ) : null}
          {card.status !== "ORDERED" ? <Link to={`/cards/order-card?cardId=${card.id}`}>{t("replace")}</Link> : null}
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
