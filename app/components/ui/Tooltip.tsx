/**
 * Tooltip (spec 000 §5: "tooltip text over 40 characters is shown wide"): an information button
 * whose text shows on hover and on keyboard focus (CSS only, so it works without JavaScript), and
 * is also the accessible description of the button and of the field it explains (`id`, used in
 * the field's aria-describedby). Width rule: lib/layout-widgets.ts isWideTooltip.
 */
import { useTranslation } from "react-i18next";
import { isWideTooltip } from "~/lib/layout-widgets";
import styles from "./Tooltip.module.css";

export function Tooltip({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation("common");
  return (
    <span className={styles.wrap}>
      <button type="button" className={styles.trigger} aria-describedby={id}>
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">{t("more-info")}</span>
      </button>
      <span role="tooltip" id={id} className={`${styles.tip} ${isWideTooltip(text) ? styles.wide : ""}`} data-testid="tooltip">
        {text}
      </span>
    </span>
  );
}
