/** /permission-denied — target of a 403 answer (spec 000 §8: 'Auth.access-denied'). */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import styles from "./auth.module.css";

export const handle = { titleKey: "common:permission-denied.title" };


export default function PermissionDenied() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>{t("brand")}</p>
        <h1>{t("permission-denied.title")}</h1>
        <p>{t("errors:Auth.access-denied")}</p>
        <Link to="/home">{t("back-home")}</Link>
      </div>
    </main>
  );
}
