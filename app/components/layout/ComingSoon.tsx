/**
 * Placeholder page for a transfer type or section that exists in the spec's route list but is
 * not built yet (keeps chooser links from ending on a 404).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t(titleKey)}</h1>
      <p>{t("placeholder.coming-soon")}</p>
      <Link to="/payments">{t("placeholder.back-payments")}</Link>
    </>
  );
}
