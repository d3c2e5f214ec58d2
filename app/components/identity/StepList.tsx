/**
 * The step list of an application (spec 001 §2 "Identity layout"): each applicable step marked
 * active (the current page, `aria-current="step"`), disabled (text, not a link: later steps while
 * the application has no id), error (the API flags it), checked (complete); then the
 * check-answers page. Wide screens show it as a column; narrow ones as a collapsible list
 * (<details>, no JavaScript needed) whose summary reads 'Step n of total'.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StepListItem, StepNav } from "~/lib/identity";
import styles from "./identity.module.css";

function Item({ item }: { item: StepListItem }) {
  const { t } = useTranslation("identity");
  const label = t(`steps.${item.id}`);
  const state =
    item.state === "checked" ? (
      <span className={styles.checkedMark}>
        <span aria-hidden="true">✓ </span>
        <span className="visually-hidden">{t("step-list.checked")}</span>
      </span>
    ) : item.state === "error" ? (
      <span className={styles.errorMark}>
        <span aria-hidden="true">! </span>
        <span className="visually-hidden">{t("step-list.error")}</span>
      </span>
    ) : null;
  return (
    <li
      className={item.state === "active" ? styles.active : item.state === "disabled" ? styles.disabled : styles[item.state]}
      aria-current={item.state === "active" ? "step" : undefined}
      data-step={item.id}
      data-state={item.state}
    >
      {state}
      {item.href ? <Link to={item.href}>{label}</Link> : <span>{label}</span>}
      {item.state === "disabled" ? <span className="visually-hidden"> {t("step-list.disabled")}</span> : null}
    </li>
  );
}

function List({ nav }: { nav: StepNav }) {
  const { t } = useTranslation("identity");
  return (
    <>
      <ol className={styles.stepList}>
        {nav.items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </ol>
      <p className={styles.checkAnswers}>
        {nav.checkAnswersHref ? (
          <Link to={nav.checkAnswersHref}>{t("steps.check-answers")}</Link>
        ) : (
          <span
            className={nav.checkAnswersActive ? styles.active : styles.disabled}
            aria-current={nav.checkAnswersActive ? "step" : undefined}
          >
            {t("steps.check-answers")}
          </span>
        )}
      </p>
    </>
  );
}

export function StepList({ nav }: { nav: StepNav }) {
  const { t } = useTranslation("identity");
  const position = nav.current > 0 ? t("step-list.position", { n: nav.current, total: nav.total }) : t("steps.check-answers");
  return (
    <nav aria-label={t("step-list.label")} className={styles.steps} data-identity-nav data-testid="step-list">
      <div className={styles.wide}>
        <List nav={nav} />
      </div>
      <details className={styles.narrow}>
        <summary>
          {t("step-list.label")}: {position}
        </summary>
        <List nav={nav} />
      </details>
    </nav>
  );
}
