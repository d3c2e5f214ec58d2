/** /services — placeholder until the feature lands (spec 000 §2 mobile tab bar target). */
import { useTranslation } from "react-i18next";

export const handle = { titleKey: "common:placeholder.services.title" };

export default function Placeholder() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("placeholder.services.title")}</h1>
      <p>{t("placeholder.coming-soon")}</p>
    </>
  );
}
