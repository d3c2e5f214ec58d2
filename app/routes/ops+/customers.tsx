/**
 * /ops/customers — find a customer, and a customer's new phone number (role COMPLIANCE; docs/ops.md
 * "Customers", "Customer search"; docs/decisions.md "Changing the phone number").
 *
 * Search: a GET form (`q`: a full phone number or its trailing digits, a name, an e-mail, a company
 * name or number; GET /api/v1/ops/customers), 20 a page with a "More customers" link (`cursor`);
 * the query stays in the URL and in the field. Each person found has a link that opens the phone
 * form below with their current number filled in (`?phone=`), the search kept.
 *
 * Phone change: after the customer's identity was checked again, staff enter the current number,
 * the new one and how identity was checked (the audit's reason). POST /api/v1/ops/customers/phone:
 * every device of the customer is logged out, codes not yet used expire, the customer's chat is
 * told. A plain form (CSRF first), errors on their field, the form filled again; after the change
 * a notice (PRG).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OpsCustomerSearch, OpsFoundCustomer, OpsPhoneChange } from "../../../server/api/v1/contract";
import { OpsIntentForm, OpsTextField } from "~/components/ops/OpsForm";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";
import { settleList } from "~/lib/list-errors.server";
import { text } from "~/lib/ops-forms.server";
import { CUSTOMER_QUERY_MAX, customerQueryProblem } from "../../../server/rules/customer-search";

export const handle = { i18n: ["ops"], titleKey: "ops:customers.title" };

/** Constraint ids of the API's field errors with their own message (ops:customers.errors.<id>). */
const KNOWN = new Set(["isPhoneNumber", "isDifferent", "isUnique"]);

/** The search part of the URL (`q`, `cursor`) that a link or the phone form keeps. */
function searchPart(q: string, cursor: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(Object.entries({ q, cursor, ...extra }).filter(([, v]) => v));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The search's answer: what was asked, the customers found (null: no search), the next page, an
 * error key for the field (a query the API refused, 400), or the failed list's text (any other
 * refusal, lib/list-errors.server: shown where the results would be, the page and its phone form kept).
 */
interface SearchState {
  q: string;
  cursor: string;
  found: OpsFoundCustomer[] | null;
  nextCursor: string | null;
  error: string | null;
  failed: string | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "COMPLIANCE");
  const params = new URL(request.url).searchParams;
  const sessions = Number(params.get("sessions"));
  const done = params.get("done") === "phone" && Number.isInteger(sessions) && sessions >= 0 ? { sessions } : null;
  // The current number a search result's link fills in (only something shaped like a phone number).
  const wanted = (params.get("phone") ?? "").trim();
  const prefill = /^\+\d{2,15}$/.test(wanted) ? wanted : "";
  const raw = params.get("q") ?? "";
  const q = raw.trim();
  const cursor = (params.get("cursor") ?? "").slice(0, 200);
  const search: SearchState = {
    q: q.slice(0, CUSTOMER_QUERY_MAX * 2),
    cursor,
    found: null,
    nextCursor: null,
    error: null,
    failed: null,
  };
  const problem = raw ? customerQueryProblem(raw) : null;
  if (problem) search.error = `ops:customers.search.errors.${problem}`;
  else if (q) {
    const call = api.get<OpsCustomerSearch>("/customers", { q, ...(cursor ? { cursor } : {}) });
    // A refused query is the field's error; any other refusal (a 5xx) is a failed list.
    const listed = await settleList(
      request,
      call.catch((error: unknown) => {
        if (!(error instanceof OpsApiError) || error.status !== 400) throw error;
        const field = Array.isArray(error.body.message) ? error.body.message[0]?.property : undefined;
        search.error = field === "cursor" ? "ops:customers.search.errors.cursor" : "ops:customers.search.errors.invalid";
        return null;
      }),
    );
    if (listed.error !== null) search.failed = listed.error;
    else if (listed.data) {
      search.found = listed.data.data;
      search.nextCursor = listed.data.nextCursor;
    }
  }
  return json({ done, prefill, search }, { status: search.error ? 400 : 200, headers: { "Cache-Control": "private, no-store" } });
}

type ActionData = { values: Record<"phone" | "newPhone" | "reason", string>; fields: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "COMPLIANCE");
  const form = await request.formData();
  const values = { phone: text(form, "phone"), newPhone: text(form, "newPhone"), reason: text(form, "reason") };
  const fail = (fields: Record<string, string>) => json<ActionData>({ values, fields }, { status: 400 });
  const missing = Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => !v)
      .map(([k]) => [k, "ops:customers.errors.required"]),
  );
  if (Object.keys(missing).length) return fail(missing);
  let change: OpsPhoneChange;
  try {
    change = await api.post<OpsPhoneChange>("/customers/phone", values);
  } catch (error) {
    if (!(error instanceof OpsApiError)) throw error;
    if (error.body.code === "NOT_FOUND") return fail({ phone: "ops:customers.errors.not-found" });
    if (error.body.code === "VALIDATION_FAILED" && Array.isArray(error.body.message)) {
      const fields: Record<string, string> = {};
      for (const e of error.body.message) {
        const rule = Object.keys(e.constraints)[0] ?? "";
        fields[e.property] = `ops:customers.errors.${KNOWN.has(rule) ? rule : "invalid"}`;
      }
      return fail(fields);
    }
    throw error;
  }
  return redirect(`/ops/customers?done=phone&sessions=${change.sessionsRevoked}`);
}

/** The search form and its results (a table, or "none"), and the link to the next page. */
function CustomerSearch({ search }: { search: SearchState }) {
  const { t } = useTranslation("ops");
  const { q, found, nextCursor, error, failed } = search;
  return (
    <section aria-labelledby="customer-search-title">
      <h2 id="customer-search-title">{t("customers.search.title")}</h2>
      <Form method="get" action="/ops/customers" className={styles.form} role="search" aria-label={t("customers.search.title")}>
        <div className={styles.field}>
          <label htmlFor="customer-q">{t("customers.search.label")}</label>
          <input
            id="customer-q"
            className={styles.input}
            name="q"
            type="search"
            autoComplete="off"
            defaultValue={q}
            maxLength={CUSTOMER_QUERY_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "customer-q-hint customer-q-error" : "customer-q-hint"}
          />
          <p id="customer-q-hint">{t("customers.search.hint")}</p>
          {error ? (
            <p id="customer-q-error" className={styles.error} data-testid="q-error">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("customers.search.submit")}
        </button>
      </Form>
      {failed ? <ListError message={failed} testId="customers-error" /> : null}
      {found === null ? null : found.length === 0 ? (
        <p data-testid="customers-none">{t("customers.search.none", { q })}</p>
      ) : (
        <table className={styles.table} data-testid="customers-found">
          <caption>{t("customers.search.results", { q })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customers.search.columns.name")}</th>
              <th scope="col">{t("customers.search.columns.phone")}</th>
              <th scope="col">{t("customers.search.columns.email")}</th>
              <th scope="col">{t("customers.search.columns.identified")}</th>
              <th scope="col">{t("customers.search.columns.status")}</th>
              <th scope="col">{t("customers.search.columns.organizations")}</th>
              <th scope="col">{t("customers.search.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {found.map((c) => (
              <tr key={c.userId} data-testid="customer" data-id={c.userId}>
                <th scope="row">{c.name ?? t("customers.search.no-name")}</th>
                <td dir="ltr" data-testid="customer-phone">
                  {c.phone}
                </td>
                <td>{c.email ?? "—"}</td>
                <td>{t(c.identified ? "customers.search.identified" : "customers.search.not-identified")}</td>
                <td>{t(`customers.search.statuses.${c.status === "BLOCKED" ? "BLOCKED" : "ACTIVE"}`)}</td>
                <td>
                  {c.organizations.length === 0 ? (
                    t("customers.search.no-organizations")
                  ) : (
                    <ul data-testid="customer-organizations">
                      {c.organizations.map((o) => (
                        <li key={o.id}>
                          {t("customers.search.organization", {
                            name: o.name,
                            type: t(`customers.search.types.${o.type}`),
                            role: t(`customers.search.roles.${o.role ?? "HOLDER"}`, {
                              defaultValue: o.role ?? "",
                            }),
                          })}
                          {o.companyNumber ? ` · ${t("customers.search.company-number", { number: o.companyNumber })}` : null}
                          {o.membershipStatus !== "APPROVED" ? ` · ${t("customers.search.membership-suspended")}` : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <Link
                    to={`/ops/customers${searchPart(q, search.cursor, { phone: c.phone })}#phone-change-title`}
                    data-testid="customer-change-phone"
                  >
                    {t("customers.search.change", { name: c.name ?? c.phone })}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {found?.length && nextCursor ? (
        <p>
          <Link to={`/ops/customers${searchPart(q, nextCursor)}`} data-testid="customers-more">
            {t("customers.search.more")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export default function OpsCustomersPage() {
  const { t } = useTranslation("ops");
  const { done, prefill, search } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <>
      <h1>{t("customers.title")}</h1>
      {done ? (
        <p className={styles.notice} role="status" data-testid="done">
          {t("customers.done", { count: done.sessions })}
        </p>
      ) : null}
      <CustomerSearch search={search} />
      <h2 id="phone-change-title">{t("customers.phone-title")}</h2>
      <p>{t("customers.phone-intro")}</p>
      {/* Keyed by the number a result filled in: a client-side visit to another result's link fills the field again. */}
      <OpsIntentForm
        key={prefill}
        action={`/ops/customers${search.error ? "" : searchPart(search.q, search.cursor)}`}
        intent="phone"
        className={styles.form}
        noValidate
        testId="phone-change"
      >
        <OpsTextField
          id="current-phone"
          name="phone"
          label={t("customers.phone")}
          hint={t("customers.phone-hint")}
          error={data?.fields.phone}
          value={data?.values.phone ?? prefill}
        />
        <OpsTextField
          id="new-phone"
          name="newPhone"
          label={t("customers.new-phone")}
          hint={t("customers.phone-hint")}
          error={data?.fields.newPhone}
          value={data?.values.newPhone}
        />
        <OpsTextField
          id="phone-reason"
          name="reason"
          label={t("customers.reason")}
          hint={t("customers.reason-hint")}
          error={data?.fields.reason}
          value={data?.values.reason}
        />
        <button type="submit" className={styles.button} data-testid="change-phone">
          {t("customers.submit")}
        </button>
      </OpsIntentForm>
    </>
  );
}
