/**
 * /cards/order-card (`?cardId=` a replacement for that card; `?accountId=` preselects an account)
 * — card ordering (spec 000 §1, §2 route table, §7 GET /v1/settings/cards; issue 12). One plain
 * form that works without JavaScript: account, currency, the card to replace (the card-number
 * select of spec §2: masked numbers only), payment system, colour, prepaid, delivery and a name,
 * offered as GET /v1/settings/cards allows. POST → POST /v1/cards/order with the form's idempotency
 * key → /cards/<new id>?done=ordered. The key is kept in the session until the card it ordered is
 * no longer ORDERED (lib/card-order-key.server `cardOrderFormKey`; docs/decisions.md "Card order
 * form: back-and-resubmit"): a double submit, going Back and submitting again or a second tab
 * with the same details land on that card (the API replays), other details are refused with a
 * message naming it; the form names it meanwhile, with "Order another card" (`?after=<cardId>`:
 * a new key). Refusals
 * (checked here first, then by the API) come back as translated field errors with an error
 * summary, the form filled as sent (status 400/409). The accounts and cards are read only to offer
 * choices: a list the API refuses shows its error where its choices would be (spec 000 §7 "a
 * failed list passes the server message on as its error"; lib/list-errors.server), the rest of the
 * form as usual (without accounts the order is refused as "choose an account").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Account, Card, CardsSettings, ListResponse } from "../../../../server/api/v1/contract";
import type { OrderedCard } from "~/lib/card-order-key.server";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { ChoicesError } from "~/components/forms/ChoicesError";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
// Server-only, from one module (its header says why).
import {
  ApiError,
  cardOrderedWithKey,
  cardOrderFormKey,
  i18next,
  listAccounts,
  rememberCardOrderKey,
  requireAppContext,
  settleList,
  verifyCsrf,
} from "./__order-card.server";
import styles from "./cards.module.css";

export const handle = { i18n: ["cards"], titleKey: "cards:order.title" };

/** The form's fields, in page order (error summary order). */
const FIELDS = ["accountId", "currencyId", "cardId", "paymentSystem", "color", "prepaid", "deliveryMethod", "cardName"] as const;
type Values = Record<(typeof FIELDS)[number] | "idempotencyKey", string>;
type Errors = Partial<Record<(typeof FIELDS)[number] | "_form", string>>;

const CARD_NAME_MAX = 40;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const url = new URL(request.url);
  const [settings, accountsListed, cardsListed, formKey] = await Promise.all([
    api.get<CardsSettings>("/settings/cards", { organizationId: org.id }),
    settleList(request, listAccounts(api, org.id)),
    settleList(
      request,
      api.get<ListResponse<Card>>("/cards", { organizationId: org.id }).then((r) => r.data),
    ),
    cardOrderFormKey(api, org.id, url.searchParams.get("after")),
  ]);
  const accounts = accountsListed.data ?? [];
  const cards = cardsListed.data ?? [];
  const usable = accounts.filter((a) => a.balances.some((b) => (settings.currencies as string[]).includes(b.currencyId)));
  const replace = cards.find((c) => c.id === url.searchParams.get("cardId") && c.status !== "ORDERED") ?? null;
  const account = replace?.accountId ?? url.searchParams.get("accountId") ?? usable[0]?.id ?? "";
  const values: Values = {
    accountId: account,
    currencyId: replace?.currencyId ?? usable.find((a) => a.id === account)?.balances[0]?.currencyId ?? settings.currencies[0],
    cardId: replace?.id ?? "",
    paymentSystem: replace?.paymentSystem ?? settings.paymentSystems[0],
    color: replace?.color ?? settings.colors[0],
    prepaid: replace?.prepaid ? "on" : "",
    deliveryMethod: settings.deliveryMethods[0],
    cardName: replace?.cardName ?? "",
    idempotencyKey: formKey.key,
  };
  return json(
    {
      settings,
      accounts: usable.map((a: Account) => ({
        id: a.id,
        label: `${a.name || a.number} (${a.number})`,
        currencies: a.balances.map((b) => b.currencyId),
      })),
      // The card-number select: masked numbers only (no ORDERED cards: nothing to replace yet).
      cards: cards
        .filter((c) => c.status !== "ORDERED")
        .map((c) => ({ id: c.id, accountId: c.accountId, label: `${c.cardName} ${c.cardNumber ?? ""}`.trim() })),
      accountsError: accountsListed.error,
      cardsError: cardsListed.error,
      replacing: Boolean(replace),
      // The card the form's key ordered, still ORDERED: the same details again land on it.
      orderedCard: formKey.orderedCard,
      values,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The submitted values, every field a string (unchecked prepaid = ""). */
function valuesOf(form: FormData): Values {
  const v = (k: string) => {
    const x = form.get(k);
    return typeof x === "string" ? x : "";
  };
  return {
    accountId: v("accountId"),
    currencyId: v("currencyId"),
    cardId: v("cardId"),
    paymentSystem: v("paymentSystem"),
    color: v("color"),
    prepaid: v("prepaid") ? "on" : "",
    deliveryMethod: v("deliveryMethod"),
    cardName: v("cardName").trim(),
    idempotencyKey: v("idempotencyKey"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  const values = valuesOf(await request.formData());
  const t = await i18next.getFixedT(request, "cards");
  const refuse = async (errors: Errors, status = 400, orderedCard: OrderedCard | null = null) =>
    json({ values, errors, orderedCard }, { status, headers: await api.headers() });

  // The same rules as the API (server/domain/cards orderCardSchema), so the form answers at once.
  const errors: Errors = {};
  for (const f of ["accountId", "currencyId", "paymentSystem", "color", "deliveryMethod"] as const)
    if (!values[f]) errors[f] = t(`order.errors.${f}`);
  if (values.cardName.length > CARD_NAME_MAX) errors.cardName = t("order.errors.cardName");
  if (Object.keys(errors).length) return refuse(errors);

  const idempotencyKey = values.idempotencyKey || crypto.randomUUID();
  try {
    const card = await api.post<Card>(
      "/cards/order",
      {
        organizationId: org.id,
        accountId: values.accountId,
        currencyId: values.currencyId,
        paymentSystem: values.paymentSystem,
        color: values.color,
        prepaid: values.prepaid === "on",
        deliveryMethod: values.deliveryMethod,
        ...(values.cardName ? { cardName: values.cardName } : {}),
        ...(values.cardId ? { cardId: values.cardId } : {}),
      },
      { idempotencyKey },
    );
    // A new card or the replay of the one this key ordered: the form keeps the key while it is ORDERED.
    rememberCardOrderKey(api, org.id, idempotencyKey, card.id);
    return redirect(`/cards/${card.id}?done=ordered`, { headers: await api.headers() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const code = error.body.code;
    if (code === "CARD_LIMIT_REACHED") return refuse({ _form: t("errors.limit-reached") }, 409);
    if (code === "CARD_STATUS_CONFLICT") return refuse({ cardId: t("errors.status-conflict") }, 409);
    if (code === "IDEMPOTENCY_KEY_REUSED") {
      // Other details under the key of a card this form ordered: name that card (and how to order another).
      const ordered = await cardOrderedWithKey(api, idempotencyKey);
      return ordered
        ? refuse({ _form: t("order.errors.ordered-other-details") }, 409, ordered)
        : refuse({ _form: t("errors.key-reused") }, 409);
    }
    if (code === "VALIDATION_FAILED" && Array.isArray(error.body.message)) {
      for (const e of error.body.message) {
        const field = (FIELDS as readonly string[]).includes(e.property) ? (e.property as (typeof FIELDS)[number]) : "_form";
        errors[field] ??= field === "_form" ? t("errors.generic") : t(`order.errors.${field}`);
      }
      return refuse(errors);
    }
    if (error.status === 404) return refuse({ accountId: t("order.errors.accountId") });
    if (error.status >= 500) throw error;
    return refuse({ _form: t("errors.generic") });
  }
}

/** A group of radio buttons (one fieldset, legend, error tied to the group; the first input carries the id the error summary links to). */
function Choices({
  name,
  legend,
  options,
  value,
  error,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  value: string;
  error?: string;
}) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {error ? (
        <p id={`${name}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.choices}>
        {options.map((o, i) => (
          <label key={o.value} className={styles.choice}>
            <input type="radio" name={name} value={o.value} id={i === 0 ? name : undefined} defaultChecked={value === o.value} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function OrderCard() {
  const {
    settings,
    accounts,
    cards,
    accountsError,
    cardsError,
    replacing,
    orderedCard: kept,
    values: initial,
  } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("cards");
  const values = failed?.values ?? initial;
  const errors: Errors = failed?.errors ?? {};
  // A refusal for other details names the card the key ordered (a tab opened before that order too).
  const orderedCard = failed?.orderedCard ?? kept;
  const title = replacing ? t("order.replacement-title") : t("order.title");
  if (!settings.orderingEnabled || (accounts.length === 0 && !accountsError))
    return (
      <>
        <h1>{title}</h1>
        <Alert testId="order-unavailable">
          {settings.orderingEnabled ? t("order.no-accounts") : t("errors.ordering-disabled")}
        </Alert>
        <Link to="/home">{t("order.cancel")}</Link>
      </>
    );
  return (
    <>
      <h1>{title}</h1>
      <p>{t("order.intro")}</p>
      {/* The form's key ordered this card, still ORDERED (cardOrderFormKey): sending it again shows it. */}
      {orderedCard ? (
        <Alert testId="card-ordered-with-form">
          {t("order.ordered.text")} <Link to={`/cards/${orderedCard.id}`}>{orderedCard.cardName}</Link> {t("order.ordered.again")}{" "}
          <Link to={`/cards/order-card?after=${orderedCard.id}`} data-testid="order-another-card">
            {t("order.ordered.another")}
          </Link>
        </Alert>
      ) : null}
      <ErrorSummary errors={errors} order={["_form", ...FIELDS]} />
      {/* key: a refused submission remounts the form so the uncontrolled inputs show what was sent. */}
      <Form
        method="post"
        noValidate
        key={failed ? JSON.stringify(failed.values) : "initial"}
        data-testid="order-card-form"
        // Spec 000 §2 dirty-form guard: the layout asks before a navigation link leaves it changed.
        data-unsaved-guard
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" defaultValue={values.idempotencyKey} />
        {accountsError ? (
          <ChoicesError id="accountId" label={t("order.account")} message={accountsError} error={errors.accountId} required />
        ) : (
          <Field as="select" name="accountId" label={t("order.account")} error={errors.accountId} defaultValue={values.accountId}>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </Field>
        )}
        <Field
          as="select"
          name="currencyId"
          label={t("order.currency")}
          hint={t("order.currency-hint")}
          error={errors.currencyId}
          defaultValue={values.currencyId}
        >
          {settings.currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Field>
        {cardsError || accountsError ? (
          <ChoicesError
            id="cardId"
            label={t("order.replace-card")}
            message={(cardsError ?? accountsError)!}
            error={errors.cardId}
          />
        ) : (
          <Field as="select" name="cardId" label={t("order.replace-card")} error={errors.cardId} defaultValue={values.cardId}>
            <option value="">{t("order.replace-none")}</option>
            {accounts.map((a) => {
              const own = cards.filter((c) => c.accountId === a.id);
              return own.length ? (
                <optgroup key={a.id} label={a.label}>
                  {own.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </optgroup>
              ) : null;
            })}
          </Field>
        )}
        <Choices
          name="paymentSystem"
          legend={t("order.payment-system")}
          options={settings.paymentSystems.map((p) => ({ value: p, label: t(`system.${p}`) }))}
          value={values.paymentSystem}
          error={errors.paymentSystem}
        />
        <Choices
          name="color"
          legend={t("order.color")}
          options={settings.colors.map((c) => ({ value: c, label: t(`color.${c}`) }))}
          value={values.color}
          error={errors.color}
        />
        {settings.prepaidAvailable ? (
          <div className={styles.fieldset}>
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                name="prepaid"
                id="prepaid"
                defaultChecked={values.prepaid === "on"}
                aria-describedby="prepaid-hint"
              />
              {t("order.prepaid")}
            </label>
            <p id="prepaid-hint" className={styles.hint}>
              {t("order.prepaid-hint")}
            </p>
          </div>
        ) : null}
        <Choices
          name="deliveryMethod"
          legend={t("order.delivery")}
          options={settings.deliveryMethods.map((d) => ({ value: d, label: t(`delivery.${d}`) }))}
          value={values.deliveryMethod}
          error={errors.deliveryMethod}
        />
        <Field
          name="cardName"
          label={t("order.card-name")}
          hint={t("order.card-name-hint")}
          error={errors.cardName}
          defaultValue={values.cardName}
          maxLength={CARD_NAME_MAX + 20}
          autoComplete="off"
        />
        <div className={styles.actions}>
          <Button type="submit">{t("order.submit")}</Button>
          <Link to="/home">{t("order.cancel")}</Link>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
