/**
 * /ops/cards?status= — the bank's moves on customers' cards, for staff with role PAYMENTS
 * (docs/ops.md "Cards"): a tab per status (ORDERED, the work, by default), one row per card with
 * the forms its status allows: issue (the last four digits and the expiry MM/YY the processor
 * issued), activate, cancel and void (final: a reason is required). Plain forms (CSRF first);
 * after a move the page redirects back to the card's new status with a notice; a move the card's
 * status no longer allows (someone was faster) is refused by the API (409) and said on the row.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OpsCard as StaffCardRow } from "../../../server/api/v1/contract";
import { ReasonForm, readDecisionForm } from "~/components/ops/OpsPayments";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { RowAction, RowError, RowHiddenFields, type RowFeedback } from "~/components/ops/RowAction";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { CARD_EXPIRY_PATTERN, LAST_FOUR_PATTERN } from "../../../server/rules/card-mask";

export const handle = { i18n: ["ops"], titleKey: "ops:cards.title" };

const STATUSES = ["ORDERED", "NEW", "ACTIVE", "FROZEN", "CANCELED", "VOID"] as const;
const INTENTS = ["issue", "activate", "cancel", "void"] as const;
type Intent = (typeof INTENTS)[number];

/** What the action answers about one card's form: the row feedback plus the issue form's values and field errors. */
interface CardFeedback extends RowFeedback {
  values?: { lastFour: string; expiresOn: string };
  fieldErrors?: { lastFour?: string; expiresOn?: string };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "PAYMENTS");
  const wanted = new URL(request.url).searchParams.get("status") ?? "ORDERED";
  const status = (STATUSES as readonly string[]).includes(wanted) ? wanted : "ORDERED";
  // A list the API refuses shows its error in the table's place (spec 000 §7 failed lists).
  const page = await settleList(request, api.get<{ status: string; data: StaffCardRow[] }>("/cards", { status }));
  return json(
    { status, cards: page.data?.data ?? [], listError: page.error },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The issue form's fields, checked as the API checks them (the API checks again). */
function readIssue(form: FormData): {
  values: { lastFour: string; expiresOn: string };
  fieldErrors: CardFeedback["fieldErrors"];
} {
  const values = {
    lastFour: String(form.get("lastFour") ?? "").trim(),
    expiresOn: String(form.get("expiresOn") ?? "").trim(),
  };
  const fieldErrors: NonNullable<CardFeedback["fieldErrors"]> = {};
  if (!LAST_FOUR_PATTERN.test(values.lastFour)) fieldErrors.lastFour = "ops:cards.errors.last-four";
  if (!CARD_EXPIRY_PATTERN.test(values.expiresOn)) fieldErrors.expiresOn = "ops:cards.errors.expiry-format";
  return { values, fieldErrors };
}

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "PAYMENTS");
  const form = await request.formData();
  const d = readDecisionForm(form, (intent) => intent === "cancel" || intent === "void");
  if (!(INTENTS as readonly string[]).includes(d.intent) || !d.id) throw json({ code: "BAD_REQUEST" }, { status: 400 });
  const intent = d.intent as Intent;
  const feedback: CardFeedback = { id: d.id, intent, reason: d.reason };
  if (d.reasonError) return json({ feedback: { ...feedback, reasonError: d.reasonError } }, { status: 400 });
  let body: Record<string, string> = {};
  if (intent === "issue") {
    const issue = readIssue(form);
    feedback.values = issue.values;
    if (Object.keys(issue.fieldErrors ?? {}).length)
      return json({ feedback: { ...feedback, fieldErrors: issue.fieldErrors } }, { status: 400 });
    body = issue.values;
  } else if (intent !== "activate") body = { reason: d.reason };
  let card: StaffCardRow;
  try {
    card = await api.post<StaffCardRow>(`/cards/${encodeURIComponent(d.id)}/${intent}`, body);
  } catch (error) {
    if (!(error instanceof OpsApiError)) throw error;
    if (error.body.code === "VALIDATION_FAILED" && Array.isArray(error.body.message)) {
      // The API's field errors onto the fields (an expiry in the past is only known there).
      const fieldErrors: NonNullable<CardFeedback["fieldErrors"]> = {};
      for (const m of error.body.message as { property: string }[])
        if (m.property === "lastFour") fieldErrors.lastFour = "ops:cards.errors.last-four";
        else if (m.property === "expiresOn") fieldErrors.expiresOn = "ops:cards.errors.expiry";
        else if (m.property === "reason") feedback.reasonError = "ops:payments.errors.reason-required";
      return json({ feedback: { ...feedback, fieldErrors } }, { status: 400 });
    }
    const key =
      error.body.code === "CARD_STATUS_CONFLICT"
        ? "ops:cards.errors.status-conflict"
        : error.body.code === "NOT_FOUND"
          ? "ops:payments.errors.not-found"
          : "ops:payments.errors.failed";
    return json({ feedback: { ...feedback, formError: key } }, { status: error.status });
  }
  return redirect(`/ops/cards?${new URLSearchParams({ status: card.status, done: intent }).toString()}`);
}

/** The issue form of an ORDERED card: last four digits and expiry, with their errors. */
function IssueForm({ card, feedback }: { card: StaffCardRow; feedback: CardFeedback | undefined }) {
  const { t } = useTranslation("ops");
  const mine = feedback && feedback.id === card.id && feedback.intent === "issue" ? feedback : undefined;
  // The HTML pattern matches the whole value: the rule's source without its anchors.
  const field = (name: "lastFour" | "expiresOn", label: string, hint: string, rule: RegExp) => {
    const pattern = rule.source.replace(/^\^|\$$/g, "");
    const id = `${name}-${card.id}`;
    const error = mine?.fieldErrors?.[name];
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          pattern={pattern}
          required
          defaultValue={mine?.values?.[name] ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        />
        <p id={`${id}-hint`} className={styles.notice}>
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className={styles.error} data-testid={`${name}-error`}>
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <details open={mine ? true : undefined}>
      <summary>{t("cards.issue")}</summary>
      <Form method="post" className={styles.form} noValidate>
        <RowHiddenFields id={card.id} intent="issue" />
        {field("lastFour", t("cards.last-four"), t("cards.last-four-hint"), LAST_FOUR_PATTERN)}
        {field("expiresOn", t("cards.expires-on"), t("cards.expires-on-hint"), CARD_EXPIRY_PATTERN)}
        <button type="submit" className={styles.button}>
          {t("cards.issue-submit")}
        </button>
      </Form>
    </details>
  );
}

export default function OpsCards() {
  const { t, i18n } = useTranslation("ops");
  const { status, cards, listError } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const feedback = data?.feedback as CardFeedback | undefined;
  const [params] = useSearchParams();
  const done = params.get("done");
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <h1>{t("cards.title")}</h1>
      {done && (INTENTS as readonly string[]).includes(done) ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t(`cards.done.${done}`)}
        </p>
      ) : null}
      <nav aria-label={t("cards.statuses-label")}>
        <ul className={styles.tabs}>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/ops/cards?status=${s}`} aria-current={s === status ? "page" : undefined}>
                {t(`cards.statuses.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {listError ? (
        <ListError message={listError} testId="cards-error" />
      ) : cards.length === 0 ? (
        <p data-testid="empty">{t("cards.empty")}</p>
      ) : (
        <table className={styles.table} data-testid="cards">
          <caption>{t("cards.caption", { status: t(`cards.statuses.${status}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("cards.ordered")}</th>
              <th scope="col">{t("cards.customer")}</th>
              <th scope="col">{t("cards.card")}</th>
              <th scope="col">{t("cards.moves")}</th>
            </tr>
          </thead>
          <tbody>
            {cards.map((c) => (
              <tr key={c.id} data-testid="card-row" data-card-id={c.id}>
                <td>{date(c.createdAt)}</td>
                <td>
                  {c.organizationName}
                  <br />
                  {c.accountName} <span dir="ltr">{c.accountNumber}</span>
                </td>
                <td>
                  {c.cardName} · {c.paymentSystem} · {c.currencyId}
                  <br />
                  {c.cardNumber ? <span dir="ltr">{c.cardNumber}</span> : t("cards.no-number")}
                  {c.expiresOn ? (
                    <>
                      {" "}
                      · {t("cards.expires")} <span dir="ltr">{c.expiresOn}</span>
                    </>
                  ) : null}
                  {c.deliveryMethod ? (
                    <>
                      <br />
                      {t(`cards.delivery.${c.deliveryMethod}`)}
                    </>
                  ) : null}
                  {c.replacesCardId ? (
                    <>
                      <br />
                      {t("cards.replacement")}
                    </>
                  ) : null}
                </td>
                <td className={styles.decisions}>
                  <RowError id={c.id} feedback={feedback} />
                  {c.actions.length === 0 ? t("cards.final") : null}
                  {c.actions.includes("issue") ? <IssueForm card={c} feedback={feedback} /> : null}
                  {c.actions.includes("activate") ? <RowAction id={c.id} intent="activate" label={t("cards.activate")} /> : null}
                  {(["cancel", "void"] as const)
                    .filter((a) => c.actions.includes(a))
                    .map((a) => (
                      <ReasonForm key={a} id={c.id} intent={a} labels="cards" feedback={feedback} danger />
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
