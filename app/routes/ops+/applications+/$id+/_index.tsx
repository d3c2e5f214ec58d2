/**
 * /ops/applications/:id — one application with every answer, person and document (role
 * ONBOARDING; issue 13), and its decisions as plain forms (no JavaScript needed), each posted
 * here with an `intent`: take into review, request changes (reason), approve, decline (reason).
 * A refused decision comes back on its own form with the reason kept; a done one redirects
 * here with `?done=<intent>`. Every decision is audited by the API in the same transaction.
 * The item and its lists come in one answer of the ops API: a refusal is the item's, so the error
 * page (404 for an unknown one); no list of this page is read apart (docs/decisions.md "Failed lists").
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../../server/api/v1/contract";
import { OpsCsrfInput } from "~/components/ops/OpsCsrfInput";
import { OpsPerson as Person } from "~/components/ops/OpsPerson";
import { countryName } from "~/lib/countries.server";
import { formatDate } from "~/lib/dates";
import i18next from "~/lib/i18next.server";
import { opsStyles as styles } from "~/components/ops/OpsShell";
import { opsErrorKey, OpsApiError, requireStaff, verifyOpsCsrf } from "~/lib/ops.server";

export const handle = { i18n: ["ops", "identity"], titleKey: "ops:application.title" };

type StaffApplication = Application & {
  applicant: { id: string; phone: string; identified: boolean };
  organizationId: string | null;
};

const INTENTS = ["review", "approve", "decline", "request-changes"] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, "ONBOARDING");
  let application: StaffApplication;
  try {
    application = await api.get<StaffApplication>(`/applications/${encodeURIComponent(params.id ?? "")}`);
  } catch (error) {
    if (error instanceof OpsApiError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
  const done = new URL(request.url).searchParams.get("done");
  // The people's nationalities by name in the page's language (the name tables stay on the server).
  const lng = await i18next.getLocale(request);
  const nationalities: Record<string, string> = {};
  for (const p of [application.mainRepresentative, ...application.officials])
    if (p?.nationalityId) nationalities[p.nationalityId] = countryName(p.nationalityId, lng) ?? p.nationalityId;
  return json(
    { application, nationalities, done: (INTENTS as readonly string[]).includes(done ?? "") ? done : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  await verifyOpsCsrf(request);
  const { api } = await requireStaff(request, "ONBOARDING");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const reason = String(form.get("reason") ?? "").trim();
  if (!INTENTS.includes(intent)) return json({ intent, reason, error: "ops:errors.VALIDATION_FAILED" }, { status: 400 });
  const needsReason = intent === "decline" || intent === "request-changes";
  if (needsReason && !reason) return json({ intent, reason, error: "ops:application.reason-required" }, { status: 400 });
  if (needsReason && reason.length > 500)
    return json({ intent, reason, error: "ops:application.reason-too-long" }, { status: 400 });
  const id = encodeURIComponent(params.id ?? "");
  try {
    await api.post(`/applications/${id}/${intent}`, needsReason ? { reason } : {});
  } catch (error) {
    if (!(error instanceof OpsApiError) || error.status >= 500) throw error;
    return json({ intent, reason, error: opsErrorKey(error) }, { status: 400 });
  }
  return redirect(`/ops/applications/${id}?done=${intent}`);
}

function ReasonForm({ intent, label, danger }: { intent: "decline" | "request-changes"; label: string; danger?: boolean }) {
  const { t } = useTranslation("ops");
  const data = useActionData<typeof action>();
  const mine = data?.intent === intent;
  const fieldId = `reason-${intent}`;
  return (
    <Form method="post" action={useLocation().pathname} className={styles.form} data-testid={`form-${intent}`} noValidate>
      <OpsCsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <div className={styles.field}>
        <label htmlFor={fieldId}>{t("application.reason")}</label>
        <textarea
          id={fieldId}
          className={styles.input}
          name="reason"
          rows={3}
          maxLength={500}
          defaultValue={mine ? data.reason : ""}
          aria-invalid={mine && data.error ? true : undefined}
          aria-describedby={mine && data.error ? `${fieldId}-error` : undefined}
          required
        />
        {mine && data.error ? (
          <p id={`${fieldId}-error`} className={styles.error} data-testid={`error-${intent}`}>
            {t(data.error)}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`${styles.button} ${danger ? styles.danger : styles.secondary}`}>
        {label}
      </button>
    </Form>
  );
}

function PlainDecision({ intent, label }: { intent: "review" | "approve"; label: string }) {
  const { t } = useTranslation("ops");
  const data = useActionData<typeof action>();
  return (
    <Form method="post" action={useLocation().pathname} className={styles.form} data-testid={`form-${intent}`} noValidate>
      <OpsCsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {data?.intent === intent && data.error ? (
        <p className={styles.error} role="alert" data-testid={`error-${intent}`}>
          {t(data.error)}
        </p>
      ) : null}
      <button type="submit" className={styles.button}>
        {label}
      </button>
    </Form>
  );
}

export default function OpsApplication() {
  const { t } = useTranslation("ops");
  const { application: a, nationalities, done } = useLoaderData<typeof loader>();
  const open = a.status === "READY_TO_REVIEW" || a.status === "REVIEW_IN_PROGRESS";
  const answer = (v: unknown) => (Array.isArray(v) ? v.join(", ") : String(v ?? ""));
  return (
    <>
      <p>
        <Link to={`/ops/applications?status=${a.status}`}>{t("application.back")}</Link>
      </p>
      <h1>
        {t(`identity:types.${a.type}`)}
        {a.name ? `: ${a.name}` : ""}
      </h1>
      {done ? (
        <p className={styles.notice} role="status" data-testid="decision-done">
          {t(`application.done.${done}`)}
        </p>
      ) : null}
      <dl className={styles.dl}>
        <dt>{t("application.status")}</dt>
        <dd data-testid="ops-application-status">{t(`identity:statuses.${a.status}`)}</dd>
        <dt>{t("application.applicant")}</dt>
        <dd>
          {a.applicant.phone} ({a.applicant.identified ? t("application.identified") : t("application.not-identified")})
        </dd>
        <dt>{t("application.submitted")}</dt>
        <dd>{a.submittedAt ? a.submittedAt.replace("T", " ").slice(0, 16) : "—"}</dd>
        <dt>{t("application.scheme")}</dt>
        <dd>{a.scheme.id}</dd>
        {a.verification ? (
          <>
            <dt>{t("application.verification")}</dt>
            <dd>
              {a.verification.provider}: {a.verification.status}
            </dd>
          </>
        ) : null}
        {a.declineReason ? (
          <>
            <dt>{t("application.decline-reason")}</dt>
            <dd>{a.declineReason}</dd>
          </>
        ) : null}
        {a.changesRequested ? (
          <>
            <dt>{t("application.changes-requested")}</dt>
            <dd>{a.changesRequested}</dd>
          </>
        ) : null}
        {a.organizationId ? (
          <>
            <dt>{t("application.organization")}</dt>
            <dd>{a.organizationId}</dd>
          </>
        ) : null}
      </dl>

      <h2>{t("application.answers")}</h2>
      {Object.keys(a.answers).length === 0 ? (
        <p>{t("application.no-answers")}</p>
      ) : (
        <dl className={styles.dl} data-testid="ops-answers">
          {Object.entries(a.answers).map(([k, v]) => (
            <div key={k} className={styles.row}>
              <dt>{k}</dt>
              <dd>{answer(v)}</dd>
            </div>
          ))}
        </dl>
      )}

      {a.mainRepresentative ? (
        <>
          <h2>{t("application.main-representative")}</h2>
          <Person p={a.mainRepresentative} nationalities={nationalities} />
        </>
      ) : null}
      {a.officials.length ? (
        <>
          <h2>{t("application.officials")}</h2>
          <ul>
            {a.officials.map((o) => (
              <li key={o.id}>
                <Person p={o} nationalities={nationalities} />
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>{t("application.documents")}</h2>
      {a.documents.length === 0 ? (
        <p>{t("application.no-documents")}</p>
      ) : (
        <ul data-testid="ops-documents">
          {a.documents.map((d) => (
            <li key={d.id}>
              {d.category}:{" "}
              <a href={`/ops/applications/${a.id}/documents/${d.id}`} download>
                {d.upload.name}
              </a>{" "}
              ({d.upload.mimeType}, {d.upload.size} B)
            </li>
          ))}
        </ul>
      )}

      <h2>{t("application.agreements")}</h2>
      <ul>
        {a.agreements.map((g) => (
          <li key={g.id}>
            {g.title} ({g.version}):{" "}
            {g.signedAt ? t("application.signed", { date: formatDate(g.signedAt) }) : t("application.not-signed")}
          </li>
        ))}
      </ul>

      <h2>{t("application.decisions")}</h2>
      {open ? (
        <div className={styles.decisions}>
          {a.status === "READY_TO_REVIEW" ? <PlainDecision intent="review" label={t("application.actions.review")} /> : null}
          <PlainDecision intent="approve" label={t("application.actions.approve")} />
          <ReasonForm intent="request-changes" label={t("application.actions.request-changes")} />
          <ReasonForm intent="decline" label={t("application.actions.decline")} danger />
        </div>
      ) : (
        <p>{t("application.closed")}</p>
      )}
      <p>
        <Link to={`/ops/audit?subjectType=application&subjectId=${a.id}`}>{t("application.audit")}</Link>
      </p>
    </>
  );
}
