/**
 * /beneficiaries — the organization's saved beneficiaries (spec 000 §2, §3, §4): search by
 * name, nickname or account, filter by payment type and status (a GET form: the filtered view
 * is a bookmarkable URL and works without JavaScript), cursor paging ('more' link with the API's
 * endCursor), status badges, a pay link for APPROVED ones, and 'Add a beneficiary'.
 * Data: GET /v1/beneficiaries (contract BeneficiaryPage). A company official has no
 * beneficiaries (spec 000 §2 Home screen, §6): a notice instead of the list, as on /history,
 * and no read of the list. A list the API refuses shows its error in the list's place, the
 * filters kept (spec 000 §7 "a failed list passes the server message on as its error";
 * lib/list-errors.server.ts).
 */
import { json, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BeneficiaryPage } from "../../../../server/api/v1/contract";
import { Field } from "~/components/forms/Field";
import { RouteErrorBoundary } from "~/components/layout/RouteErrorBoundary";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ListError } from "~/components/ui/ListError";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { requireAppContext } from "~/lib/app-context.server";
import { settleList } from "~/lib/list-errors.server";
import { firstPageOnBadCursor, withoutCursor } from "~/lib/paging.server";
import { accountLabel, isPaymentType, isStatus, payHref, PAYMENT_TYPES, STATUSES, statusTone } from "~/lib/beneficiaries";
import styles from "./beneficiaries.module.css";

export const handle = { i18n: ["beneficiaries", "payments"], titleKey: "beneficiaries:title" };

/** Page size of the list. */
const TAKE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, org } = await requireAppContext(request);
  if (org.type === "COMPANY_OFFICIAL") return json({ official: true as const }, { headers: await api.headers() });
  const params = new URL(request.url).searchParams;
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const paymentType = params.get("paymentType");
  const status = params.get("status");
  const cursor = params.get("cursor");
  const filters = {
    search: search || undefined,
    paymentType: isPaymentType(paymentType) ? paymentType : undefined,
    status: isStatus(status) ? status : undefined,
  };
  // Paged: showing a later page (a cursor the API refuses redirects to the first).
  const paged = Boolean(cursor);
  const { data: page, error: listError } = await settleList(
    request,
    api
      .get<BeneficiaryPage>("/beneficiaries", { organizationId: org.id, ...filters, take: TAKE, cursor: cursor || undefined })
      .catch(firstPageOnBadCursor(api, cursor, withoutCursor(request.url))),
  );
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) next.set(k, v);
  const firstPage = next.toString();
  const hasNext = Boolean(page?.pageInfo.hasNextPage);
  if (hasNext && page?.pageInfo.endCursor) next.set("cursor", page.pageInfo.endCursor);
  return json(
    {
      official: false as const,
      beneficiaries: page?.edges.map((e) => e.node) ?? [],
      listError,
      filters,
      paged,
      firstHref: `/beneficiaries${firstPage ? `?${firstPage}` : ""}`,
      nextHref: hasNext ? `/beneficiaries?${next.toString()}` : null,
      deleted: params.get("notice") === "deleted",
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

export default function Beneficiaries() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("beneficiaries");
  if (data.official)
    return (
      <>
        <h1>{t("title")}</h1>
        <Alert testId="beneficiaries-official">{t("official")}</Alert>
      </>
    );
  return <BeneficiaryList data={data} />;
}

/** The list with its filters and paging (anyone but a company official). */
function BeneficiaryList({ data }: { data: Extract<SerializeFrom<typeof loader>, { official: false }> }) {
  const { beneficiaries, listError, filters, paged, firstHref, nextHref, deleted } = data;
  const { t } = useTranslation("beneficiaries");
  const filtered = Boolean(filters.search || filters.paymentType || filters.status);
  return (
    <>
      <div className={styles.heading}>
        <h1>{t("title")}</h1>
        <Link to="/beneficiaries/create" className={styles.primaryLink} data-testid="add-beneficiary">
          {t("add")}
        </Link>
      </div>
      {deleted ? (
        <Alert kind="success" testId="beneficiary-notice">
          {t("deleted")}
        </Alert>
      ) : null}
      <Form method="get" className={styles.filters} role="search" aria-label={t("filters.label")}>
        <Field
          name="search"
          label={t("filters.search")}
          hint={t("filters.search-hint")}
          defaultValue={filters.search ?? ""}
          maxLength={100}
          type="search"
        />
        <Field as="select" name="paymentType" label={t("fields.paymentType")} defaultValue={filters.paymentType ?? ""}>
          <option value="">{t("filters.any")}</option>
          {PAYMENT_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`payment-types.${p}`)}
            </option>
          ))}
        </Field>
        <Field as="select" name="status" label={t("fields.status")} defaultValue={filters.status ?? ""}>
          <option value="">{t("filters.any")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </Field>
        <div className={styles.filterActions}>
          <Button type="submit">{t("filters.apply")}</Button>
          {filtered ? <Link to="/beneficiaries">{t("filters.clear")}</Link> : null}
        </div>
      </Form>
      {listError ? (
        <ListError message={listError} testId="beneficiaries-error" />
      ) : beneficiaries.length === 0 ? (
        <p data-testid="beneficiaries-empty">{filtered ? t("empty-filtered") : t("empty")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("list-label")}>
          {beneficiaries.map((b) => (
            <li key={b.id} className={styles.item} data-testid="beneficiary">
              <div className={styles.main}>
                <Link to={`/beneficiaries/${b.id}`} className={styles.name}>
                  {b.name}
                </Link>
                {b.nickname ? <span className={styles.muted}> ({b.nickname})</span> : null}
                <div className={styles.muted}>
                  {t(`payment-types.${b.paymentType}`)} · {b.currencyId} · <span dir="ltr">{accountLabel(b)}</span>
                </div>
              </div>
              <StatusBadge tone={statusTone(b.status)} label={t(`statuses.${b.status}`)} testId="beneficiary-status" />
              {b.status === "APPROVED" ? (
                <Link to={payHref(b)} aria-label={t("pay-label", { name: b.name })}>
                  {t("pay")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <nav className={styles.paging} aria-label={t("paging")}>
        {paged ? <Link to={firstHref}>{t("first-page")}</Link> : null}
        {nextHref ? (
          <Link to={nextHref} data-testid="beneficiaries-more">
            {t("more")}
          </Link>
        ) : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
