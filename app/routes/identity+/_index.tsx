/**
 * /identity — the user's applications (spec 001 §2 "Other routes"; issue 8): each with its type,
 * name, status badge (INCOMPLETE, READY_TO_REVIEW, REVIEW_IN_PROGRESS, ACCEPTED, DECLINED with the
 * decline reason) and a Continue link to its first step that is not complete (or check-answers),
 * or a link to its answers once submitted; then start links for a new individual, corporate and
 * company-official application (`?new=<creation key>`: the first step creates a new one rather
 * than resuming, and its address finds that one again once made: lib/identity.server.ts).
 * `?submitted=<id>` and `?saved=<id>` confirm what the applicant just did. While demo mode is on, a
 * user not yet identified also gets a small "Explore the demo" link (/demo).
 * Signed-in users only; not being identified is allowed here (requireUser would send them here).
 * A list the API refuses shows its error in the list's place (spec 000 §7 "a failed list passes
 * the server message on as its error"; lib/list-errors.server.ts), without start links (which
 * types may start depends on the list).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ApplicationStatus, ApplicationSummary, ApplicationType } from "../../../server/api/v1/contract";
import { stepsOf } from "../../../server/rules/applications/steps";
import styles from "~/components/identity/identity.module.css";
import { Alert } from "~/components/ui/Alert";
import { ListError } from "~/components/ui/ListError";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { demoModeEnabled, requireUser } from "~/lib/api.server";
import { formatDate } from "~/lib/dates";
import { CHECK_ANSWERS, continueStepId, openApplicationOf, SEGMENT_BY_TYPE, stepHref } from "~/lib/identity";
import { applicationRef, getApplication, listApplications, newApplicationHref } from "~/lib/identity.server";
import { settleList } from "~/lib/list-errors.server";

export const handle = { i18n: ["identity", "errors", "demo"], titleKey: "identity:applications.title" };

const TYPES: ApplicationType[] = ["INDIVIDUAL", "CORPORATE", "COMPANY_OFFICIAL"];

/** Whether a new application of `type` may be started (the API's rule: `openApplicationOf`). */
function canStart(type: ApplicationType, mine: readonly ApplicationSummary[]): boolean {
  return openApplicationOf(mine, type) === null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  const url = new URL(request.url);
  const [listed, demo] = await Promise.all([
    settleList(request, listApplications(api)),
    user.identified ? false : demoModeEnabled(api), // "Explore the demo": demo mode is for users not yet identified
  ]);
  const summaries = listed.data ?? [];
  const applications = await Promise.all(
    summaries.map(async (a) => {
      let href = stepHref(a.type, CHECK_ANSWERS, { applicationId: a.id })!;
      if (a.status === "INCOMPLETE") {
        const app = await getApplication(api, a.id);
        href = stepHref(a.type, continueStepId(app.steps), applicationRef(app)) ?? href;
      }
      return {
        id: a.id,
        type: a.type,
        status: a.status,
        name: a.name,
        declineReason: a.declineReason,
        changesRequested: a.changesRequested ?? null,
        updatedOn: formatDate(a.updatedAt),
        href,
      };
    }),
  );
  const notice = url.searchParams.get("submitted") ? "submitted" : url.searchParams.get("saved") ? "saved" : null;
  return json(
    {
      identified: user.identified,
      demo,
      applications,
      listError: listed.error,
      notice,
      start: TYPES.filter((type) => !listed.error && canStart(type, summaries)).map((type) => ({
        type,
        href: newApplicationHref(`/identity/${SEGMENT_BY_TYPE[type]}/${stepsOf(type)[0].id}`),
      })),
      identityNav: { nav: null, backHref: user.identified ? "/home" : null },
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

const TONE: Record<ApplicationStatus, "pending" | "rejected" | "approved"> = {
  INCOMPLETE: "pending",
  READY_TO_REVIEW: "pending",
  REVIEW_IN_PROGRESS: "pending",
  ACCEPTED: "approved",
  DECLINED: "rejected",
};

export default function Identity() {
  const { identified, demo, applications, listError, notice, start } = useLoaderData<typeof loader>();
  const { t } = useTranslation("identity");
  return (
    <>
      <h1>{t("applications.title")}</h1>
      {notice === "submitted" ? (
        <Alert kind="success" testId="submitted-notice">
          {t("applications.submitted")}
        </Alert>
      ) : notice === "saved" ? (
        <Alert kind="success" testId="saved-notice">
          {t("applications.saved")}
        </Alert>
      ) : null}
      <p>{identified ? t("applications.intro-identified") : t("applications.intro")}</p>
      <h2>{t("applications.list-title")}</h2>
      {listError ? <ListError message={listError} testId="applications-error" /> : null}
      {applications.length === 0 && !listError ? <p>{t("applications.none")}</p> : null}
      <ul className={styles.apps} data-testid="applications">
        {applications.map((a) => (
          <li key={a.id} className={styles.app} data-testid="application" data-status={a.status} data-type={a.type}>
            <div className={styles.appHead}>
              <h3>
                {t(`types.${a.type}`)}
                {a.name ? `: ${a.name}` : ""}
              </h3>
              <StatusBadge
                tone={TONE[a.status]}
                label={t(`statuses.${a.status}`)}
                status={a.status}
                testId="application-status"
              />
            </div>
            <p>{t("applications.updated", { date: a.updatedOn })}</p>
            {a.status === "DECLINED" && a.declineReason ? (
              <p data-testid="decline-reason">{t("applications.decline-reason", { reason: a.declineReason })}</p>
            ) : null}
            {a.status === "INCOMPLETE" && a.changesRequested ? (
              <p data-testid="changes-requested">{t("applications.changes-requested", { reason: a.changesRequested })}</p>
            ) : null}
            <Link to={a.href} data-testid="application-link">
              {a.status === "INCOMPLETE" ? t("applications.continue") : t("applications.view")}
              <span className="visually-hidden">
                {" "}
                {t(`types.${a.type}`)}
                {a.name ? `: ${a.name}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {start.length ? (
        <>
          <h2>{t("applications.start-title")}</h2>
          <div className={styles.start}>
            {start.map((s) => (
              <Link key={s.type} to={s.href} className={styles.startLink} data-testid={`start-${SEGMENT_BY_TYPE[s.type]}`}>
                {t(`applications.start.${s.type}`)}
              </Link>
            ))}
          </div>
        </>
      ) : null}
      {demo ? (
        <p>
          <Link to="/demo" data-testid="explore-demo">
            {t("demo:identity-link")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
