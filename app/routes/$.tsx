/** Splat route: any unknown URL → not-found page with status 404. */
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import styles from "./auth.module.css";

export const handle = { titleKey: "common:not-found.title" };


export async function loader() {
  return json(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>{t("brand")}</p>
        <h1>{t("not-found.title")}</h1>
        <p>{t("not-found.text")}</p>
        <Link to="/home">{t("back-home")}</Link>
      </div>
    </main>
  );
}
