/** /chat — placeholder until the feature lands (spec 000 §2 mobile tab bar target). */
import { useTranslation } from "react-i18next";

export const handle = { titleKey: "common:placeholder.chat.title" };

export default function Placeholder() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("placeholder.chat.title")}</h1>
      <p>{t("placeholder.coming-soon")}</p>
    </>
  );
}
