/**
 * /history — operation history (spec 000 §2): statement items (GET /v1/statements-items, sorted
 * by transferDate desc) grouped by day (lib/date-groups.ts), filtered by period (presets all
 * time, today, last 7 days, last 30 days, month; custom from–to) and currency with a GET form
 * that works without JS; cursor paging by a "more" link (`cursor` in the URL); each item links
 * to /history/:itemId; a statement export form (GET /history/statement). Company officials get
 * no history list (spec 000 §4, §6).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListResponse, StatementItem } from "../../../server/api/v1/contract";
import { Field } from "~/components/forms/Field";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { StatementRow } from "~/components/ui/StatementRow";
import { listAccounts, requireAppContext } from "~/lib/app-context.server";
import { groupByDay, type DayGroup } from "~/lib/date-groups";
import { parseHistoryFilter, PERIODS } from "~/lib/history-filter";
import styles from "./history.module.css";

/** Items per page of the history list. */
const PAGE_SIZE = 20;

export const handle = { i18n: ["history"], titleKey: "history:title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  const { filter, query, errors } = parseHistoryFilter(new URL(request.url).searchParams);
  if (org.type === "COMPANY_OFFICIAL") {
    return json(
      {
        official: true,
        filter,
        errors,
        currencies: [] as string[],
        groups: [] as DayGroup<StatementItem>[],
        nextCursor: null as string | null,
      },
      { headers: await api.headers() },
    );
  }
  const [accounts, items] = await Promise.all([
    listAccounts(api, org.id),
    Object.keys(errors).length === 0
      ? api.get<ListResponse<StatementItem>>("/statements-items", {
          organizationId: org.id,
          ...query,
          take: PAGE_SIZE,
          ...(filter.cursor ? { cursor: filter.cursor } : {}),
        })
      : Promise.resolve({ data: [] as StatementItem[], nextCursor: null }),
  ]);
  const currencies = [...new Set(accounts.flatMap((a) => a.balances.map((b) => b.currencyId)))].sort();
  const sorted = [...items.data].sort((a, b) => Date.parse(b.transferDate) - Date.parse(a.transferDate));
  return json(
    {
      official: false,
      filter,
      errors,
      currencies,
      groups: groupByDay(sorted, (i) => i.transferDate),
      nextCursor: items.nextCursor,
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function History() {
  const { official, filter, errors, currencies, groups, nextCursor } = useLoaderData<typeof loader>();
  const { t } = useTranslation("history");
  if (official) {
    return (
      <>
        <h1>{t("title")}</h1>
        <Alert>{t("official")}</Alert>
      </>
    );
  }
  return (
    <>
      <h1>{t("title")}</h1>
      <Form method="get" className={styles.filters} aria-labelledby="filters-title">
        <h2 id="filters-title" className="visually-hidden">
          {t("filters")}
        </h2>
        <fieldset className={styles.periods}>
          <legend>{t("period.legend")}</legend>
          {PERIODS.map((p) => (
            <label key={p}>
              <input type="radio" name="period" value={p} defaultChecked={filter.period === p} /> {t(`period.${p}`)}
            </label>
          ))}
        </fieldset>
        <div className={styles.dates}>
          <Field
            name="from"
            label={t("from")}
            type="date"
            min="1920-01-01"
            max="2050-01-01"
            defaultValue={filter.from}
            error={errors.from}
            hint={t("custom-hint")}
          />
          <Field
            name="to"
            label={t("to")}
            type="date"
            min="1920-01-01"
            max="2050-01-01"
            defaultValue={filter.to}
            error={errors.to}
          />
        </div>
        <Field as="select" name="currency" label={t("currency")} defaultValue={filter.currency}>
          <option value="">{t("all-currencies")}</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Field>
        <Button type="submit">{t("apply")}</Button>
      </Form>

      {groups.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        groups.map((g) => (
          <section key={g.key} aria-labelledby={`day-${g.key}`}>
            <h2 id={`day-${g.key}`} className={styles.day}>
              {g.label.kind === "today" ? t("today") : g.label.text}
            </h2>
            <ul className={styles.items}>
              {g.items.map((item) => (
                <StatementRow key={item.id} item={item} href={`/history/${item.id}`} />
              ))}
            </ul>
          </section>
        ))
      )}
      {nextCursor ? (
        <p>
          <Link to={`?${pageParams(filter, nextCursor)}`} className={styles.more} data-testid="history-more">
            {t("more")}
          </Link>
        </p>
      ) : null}

      <Form method="get" action="/history/statement" reloadDocument className={styles.filters} aria-labelledby="export-title">
        <h2 id="export-title">{t("export.title")}</h2>
        <input type="hidden" name="statementPeriod" value={filter.period} />
        <input type="hidden" name="statementFrom" value={filter.from} />
        <input type="hidden" name="statementTo" value={filter.to} />
        <Field
          as="select"
          id="export-currency"
          name="statementCurrency"
          label={t("currency")}
          defaultValue={filter.currency || currencies[0]}
          required
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Field>
        <Field as="select" id="export-format" name="format" label={t("export.format")} defaultValue="pdf">
          <option value="pdf">PDF</option>
          <option value="csv">CSV</option>
          <option value="xlsx">Excel (XLSX)</option>
        </Field>
        <p className={styles.hint}>{t("export.hint")}</p>
        <Button type="submit">{t("export.submit")}</Button>
      </Form>
    </>
  );
}

/** URL parameters of the current filter with another page's cursor. */
function pageParams(filter: { period: string; from: string; to: string; currency: string }, cursor: string): string {
  const p = new URLSearchParams({ period: filter.period });
  if (filter.period === "custom") {
    p.set("from", filter.from);
    p.set("to", filter.to);
  }
  if (filter.currency) p.set("currency", filter.currency);
  p.set("cursor", cursor);
  return p.toString();
}

export const ErrorBoundary = RouteErrorBoundary;
