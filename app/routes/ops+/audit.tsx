/**
 * /ops/audit — the audit log of every staff action, newest first (docs/ops.md "Audit log"; any
 * staff user). GET filters (staff user, action, subject type and id) in a plain form; `cursor`
 * pages on. before/after are shown as JSON text (React escapes it).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { ListError } from "~/components/ui/ListError";
import { settleList } from "~/lib/list-errors.server";
import { requireStaff } from "~/lib/ops.server";

export const handle = { i18n: ["ops"], titleKey: "ops:audit.title" };

interface AuditEntry {
  id: string;
  at: string;
  staffUserId: string | null;
  staffEmail: string | null;
  /** `cli`: an `npm run bank` command (with `staffUserId` when it named the staff user at the keyboard). */
  source: "ops" | "cli";
  action: string;
  subjectType: string;
  subjectId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
}

const FILTERS = ["staffUserId", "action", "subjectType", "subjectId"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request);
  const url = new URL(request.url);
  const filter = Object.fromEntries(FILTERS.map((k) => [k, (url.searchParams.get(k) ?? "").trim().slice(0, 200)])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const cursor = url.searchParams.get("cursor") ?? "";
  const headers = { "Cache-Control": "private, no-store" };
  // A log the API refuses (a filter or cursor it does not accept) shows its error in the table's
  // place, the filters kept (spec 000 §7 failed lists; lib/list-errors.server, as every list).
  const page = await settleList(
    request,
    api.get<{ data: AuditEntry[]; nextCursor: string | null }>("/audit", { ...filter, cursor, take: 50 }),
  );
  return json(
    { filter, entries: page.data?.data ?? [], nextCursor: page.data?.nextCursor ?? null, error: page.error },
    { headers },
  );
}

function show(value: unknown): string {
  return value === null || value === undefined ? "—" : JSON.stringify(value, null, 1);
}

export default function OpsAudit() {
  const { t } = useTranslation("ops");
  const { filter, entries, nextCursor, error } = useLoaderData<typeof loader>();
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams(Object.entries({ ...filter, ...extra }).filter(([, v]) => v)).toString()}`;
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <Form method="get" action="/ops/audit" className={styles.form} aria-label={t("audit.filter")}>
        {FILTERS.map((k) => (
          <div className={styles.field} key={k}>
            <label htmlFor={`audit-${k}`}>{t(`audit.fields.${k}`)}</label>
            <input id={`audit-${k}`} className={styles.input} name={k} defaultValue={filter[k]} />
          </div>
        ))}
        <button type="submit" className={styles.button}>
          {t("audit.apply")}
        </button>
      </Form>
      {error ? (
        <ListError message={error} testId="audit-error" />
      ) : entries.length === 0 ? (
        <p>{t("audit.none")}</p>
      ) : (
        <table className={styles.table} data-testid="audit-entries">
          <caption className="visually-hidden">{t("audit.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("audit.columns.at")}</th>
              <th scope="col">{t("audit.columns.staff")}</th>
              <th scope="col">{t("audit.columns.action")}</th>
              <th scope="col">{t("audit.columns.subject")}</th>
              <th scope="col">{t("audit.columns.reason")}</th>
              <th scope="col">{t("audit.columns.before")}</th>
              <th scope="col">{t("audit.columns.after")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry" data-action={e.action}>
                <td>
                  <time dateTime={e.at}>{e.at.replace("T", " ").slice(0, 19)} UTC</time>
                </td>
                <td>
                  {e.source === "cli" ? (
                    <span data-testid="audit-cli">
                      {e.staffUserId ? (
                        <Link to={query({ staffUserId: e.staffUserId, cursor: "" })}>
                          {t("audit.cli-staff", { staff: e.staffEmail ?? e.staffUserId })}
                        </Link>
                      ) : (
                        t("audit.cli")
                      )}
                    </span>
                  ) : e.staffUserId ? (
                    <Link to={query({ staffUserId: e.staffUserId, cursor: "" })}>{e.staffEmail}</Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td>
                  <Link to={query({ action: e.action, cursor: "" })}>{e.action}</Link>
                </td>
                <td>
                  {e.subjectId ? (
                    <Link to={query({ subjectType: e.subjectType, subjectId: e.subjectId, cursor: "" })}>
                      {e.subjectType} {e.subjectId}
                    </Link>
                  ) : (
                    e.subjectType
                  )}
                </td>
                <td>{e.reason ?? "—"}</td>
                <td>
                  <pre className={styles.json}>{show(e.before)}</pre>
                </td>
                <td>
                  <pre className={styles.json}>{show(e.after)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextCursor ? (
        <p>
          <Link to={query({ cursor: nextCursor })}>{t("audit.older")}</Link>
        </p>
      ) : null}
    </>
  );
}
