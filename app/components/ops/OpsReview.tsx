/**
 * Shared parts of the COMPLIANCE review screens (/ops/beneficiaries, /ops/contracts and their
 * detail pages; issue 13): the queue's status tabs and table frame,
 * the status with its rejection reason, the documents list and the decision forms while the
 * subject is UNDER_REVIEW. Plain links and forms: all of it works without JavaScript.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BeneficiaryDocument } from "../../../server/api/v1/contract";
import { ListError } from "../ui/ListError";
import { opsStyles as styles } from "./OpsShell";
import { ReviewDecision } from "./ReviewDecision";

/** The statuses a review queue lists (tabs, in this order; the first is the default). */
export const REVIEW_STATUSES = ["UNDER_REVIEW", "APPROVED", "REJECTED", "DRAFT"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The queue status a URL asks for (`?status=`), UNDER_REVIEW when missing or unknown. */
export function reviewStatusOf(url: string): ReviewStatus {
  const wanted = new URL(url).searchParams.get("status");
  return REVIEW_STATUSES.find((s) => s === wanted) ?? "UNDER_REVIEW";
}

/**
 * A review queue page: heading, link to the other queue, status tabs, and the table or the empty
 * text; or, when the queue's call failed, its error in the table's place (lib/list-errors.server).
 */
export function ReviewQueue(props: {
  /** The queue's own path, e.g. "/ops/contracts". */
  path: string;
  /** Key of the page heading (ops namespace). */
  titleKey: string;
  /** The other queue's link. */
  other: { to: string; key: string };
  status: ReviewStatus;
  /** Key of the text shown when the queue is empty. */
  emptyKey: string;
  /** data-testid of the table. */
  testId: string;
  empty: boolean;
  /** The failed queue's error text (settleList), or null. */
  error?: string | null;
  /** Keys of the column headings (ops namespace). */
  columns: string[];
  /** The body rows. */
  children: ReactNode;
}) {
  const { t } = useTranslation("ops");
  return (
    <>
      <h1>{t(props.titleKey)}</h1>
      <p>
        <Link to={props.other.to}>{t(props.other.key)}</Link>
      </p>
      <nav aria-label={t("beneficiaries.statuses")}>
        <ul className={styles.tabs}>
          {REVIEW_STATUSES.map((s) => (
            <li key={s}>
              <Link to={`${props.path}?status=${s}`} aria-current={s === props.status ? "page" : undefined}>
                {t(`beneficiaries.status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {props.error ? (
        <ListError message={props.error} testId={`${props.testId}-error`} />
      ) : props.empty ? (
        <p data-testid="empty">{t(props.emptyKey)}</p>
      ) : (
        <table className={styles.table} data-testid={props.testId}>
          <caption className="visually-hidden">{t(`beneficiaries.status.${props.status}`)}</caption>
          <thead>
            <tr>
              {props.columns.map((key) => (
                <th key={key} scope="col">
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{props.children}</tbody>
        </table>
      )}
    </>
  );
}

/** "2026-01-31T09:15:00Z" → "2026-01-31 09:15" (the queues' date column). */
export function queueDate(iso: string): string {
  return iso.slice(0, 16).replace("T", " ");
}

/** The status and rejection reason entries of a review page's `<dl>`. */
export function ReviewStatusEntries({ status, rejectionReason }: { status: string; rejectionReason?: string | null }) {
  const { t } = useTranslation("ops");
  return (
    <>
      <dt>{t("beneficiaries.status-label")}</dt>
      <dd data-testid="status">{t(`beneficiaries.status.${status}`)}</dd>
      {rejectionReason ? (
        <>
          <dt>{t("beneficiaries.rejection-reason")}</dt>
          <dd data-testid="rejection-reason">{rejectionReason}</dd>
        </>
      ) : null}
    </>
  );
}

/** The documents section: each opens through /ops/beneficiaries/:id/documents/:documentId. */
export function ReviewDocuments({ documents }: { documents: BeneficiaryDocument[] }) {
  const { t } = useTranslation("ops");
  return (
    <>
      <h2>{t("beneficiaries.documents")}</h2>
      {documents.length ? (
        <ul>
          {documents.map((d) => (
            <li key={d.id}>
              <a
                href={`/ops/beneficiaries/${encodeURIComponent(d.beneficiaryId)}/documents/${encodeURIComponent(d.id)}`}
                data-testid="ops-beneficiary-document"
              >
                {d.name}
              </a>{" "}
              ({d.category})
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("beneficiaries.no-documents")}</p>
      )}
    </>
  );
}

/** The decision section (heading and approve/reject forms), only while UNDER_REVIEW. */
export function ReviewDecisionSection(props: {
  status: string;
  /** The page's URL (the forms post to it). */
  action: string;
  answer?: { reason?: string; reasonError?: string };
}) {
  const { t } = useTranslation("ops");
  if (props.status !== "UNDER_REVIEW") return null;
  return (
    <>
      <h2>{t("beneficiaries.decide.title")}</h2>
      <ReviewDecision
        action={props.action}
        labels="beneficiaries.decide"
        reason={props.answer?.reason}
        reasonError={props.answer?.reasonError}
      />
    </>
  );
}
