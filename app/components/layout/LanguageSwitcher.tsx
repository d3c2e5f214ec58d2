/**
 * The language switcher (issue 12): a plain form posting to /locale (routes/locale.ts), so it
 * works without JavaScript; the page comes back in the chosen language. Shown only when the app
 * has more than one language.
 *
 * `stepFormId` (an application step page with its form, components/identity/StepPage.tsx, or the
 * company official's form, components/identity/special/officials.tsx): the
 * select and the button belong to that form instead (the `form` attribute), the button with
 * intent `language` and no validation, so switching sends what was typed along and the step's
 * action keeps it before the page comes back in the chosen language
 * (lib/identity-step.server.ts, lib/identity-special-officials.server.ts): with or without
 * JavaScript, nothing typed is lost.
 */
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from "~/i18n";
import styles from "./LanguageSwitcher.module.css";

export function LanguageSwitcher({ stepFormId }: { stepFormId?: string } = {}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  if (SUPPORTED_LANGUAGES.length < 2) return null;
  const controls = (
    <>
      <label>
        <span>{t("common:language.label")}</span>{" "}
        <select name="lng" defaultValue={i18n.language} form={stepFormId}>
          {SUPPORTED_LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng] ?? lng}
            </option>
          ))}
        </select>
      </label>{" "}
      {stepFormId ? (
        <button type="submit" form={stepFormId} name="intent" value="language" formNoValidate data-testid="language-submit">
          {t("common:language.submit")}
        </button>
      ) : (
        <button type="submit" data-testid="language-submit">
          {t("common:language.submit")}
        </button>
      )}
    </>
  );
  if (stepFormId)
    return (
      <div className={styles.switcher} data-testid="language-switcher">
        {controls}
      </div>
    );
  return (
    <Form method="post" action="/locale" reloadDocument className={styles.switcher} data-testid="language-switcher">
      <AuthenticityTokenInput />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {controls}
    </Form>
  );
}
