/**
 * Why an official cannot sign (spec 000 §4 signing flow, §6: a CORPORATE official signs only
 * with a signatureType other than NONE), shown instead of the Sign buttons and code forms.
 */
import { useTranslation } from "react-i18next";
import { Alert } from "./Alert";

export function CannotSign({ organizationName }: { organizationName: string }) {
  const { t } = useTranslation("signing");
  return (
    <Alert testId="cannot-sign">
      <strong>{t("cannot-sign.title", { organization: organizationName })}</strong> {t("cannot-sign.text")}
    </Alert>
  );
}
