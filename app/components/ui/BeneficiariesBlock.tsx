/**
 * The beneficiaries block of the home and payments pages (issue 7: "the home beneficiaries
 * block and the payments page block use the same data": lib/beneficiaries.server.ts
 * `recentBeneficiaries`): the newest few with their status badge, a pay link for APPROVED
 * ones, and links to the whole list and to add one. When the list failed, its error in the
 * list's place (`error`; spec 000 §7 "a failed list passes the server message on as its error").
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { payHref, statusTone } from "~/lib/beneficiary-links";
import type { BeneficiarySummary } from "~/lib/beneficiaries.server";
import { ListError } from "./ListError";
import { StatusBadge } from "./StatusBadge";
import styles from "./BeneficiariesBlock.module.css";

export function BeneficiariesBlock({
  beneficiaries,
  error = null,
  headingLevel = 2,
}: {
  beneficiaries: BeneficiarySummary[];
  /** The failed list's error text (lib/list-errors.server.ts), shown instead of the list. */
  error?: string | null;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("beneficiaries");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="beneficiaries-block-title" className={styles.block} data-testid="beneficiaries-block">
      <Heading id="beneficiaries-block-title">{t("title")}</Heading>
      {error ? (
        <ListError message={error} testId="beneficiaries-block-error" />
      ) : beneficiaries.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <ul className={styles.list}>
          {beneficiaries.map((b) => (
            <li key={b.id} className={styles.item}>
              <Link to={`/beneficiaries/${b.id}`}>{b.nickname || b.name}</Link>{" "}
              <StatusBadge tone={statusTone(b.status)} label={t(`statuses.${b.status}`)} />
              {b.status === "APPROVED" ? (
                <Link to={payHref(b)} aria-label={t("pay-label", { name: b.name })}>
                  {t("pay")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.links}>
        <Link to="/beneficiaries">{t("all")}</Link>
        <Link to="/beneficiaries/create">{t("add")}</Link>
      </p>
    </section>
  );
}
