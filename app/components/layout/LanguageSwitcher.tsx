/**
 * The language switcher (issue 12): a plain form posting to /locale (routes/locale.ts), so it
 * works without JavaScript; the page comes back in the chosen language. Shown only when the app
 * has more than one language.
 */
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from "~/i18n";
import styles from "./LanguageSwitcher.module.css";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  if (SUPPORTED_LANGUAGES.length < 2) return null;
  return (
    <Form method="post" action="/locale" reloadDocument className={styles.switcher}>
      <AuthenticityTokenInput />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <label>
        <span>{t("common:language.label")}</span>{" "}
        <select name="lng" defaultValue={i18n.language}>
          {SUPPORTED_LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng] ?? lng}
            </option>
          ))}
        </select>
      </label>{" "}
      <button type="submit">{t("common:language.submit")}</button>
    </Form>
  );
}
