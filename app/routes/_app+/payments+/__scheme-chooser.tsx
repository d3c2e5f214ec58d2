/**
 * First step of the pound and USD payments (/payments/gbp, /payments/usd): the balance to pay
 * from and the payment scheme, as a GET form to the rail's form page
 * (`<action>?source=<accountId:CUR>&scheme=<type>`), so it works without JavaScript and the
 * result can be bookmarked. Every choice is shown even when there is only one (pre-selected):
 * the page looks the same for everyone. No balance or no scheme: an alert says why.
 * A choices list the API refused (the accounts, the payments settings): its error in the
 * choice's place instead of the form (ChoicesError), saying nothing can be sent without it, and
 * the way back to /payments; the form page would have nothing to offer either
 * (docs/decisions.md "Failed lists").
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ProviderPaymentTypeCode } from "../../../../server/api/v1/contract";
import { ChoicesError } from "~/components/forms/ChoicesError";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { FormActions } from "~/components/forms/FormActions";
import { type BalanceSource, useSourceLabel } from "~/lib/balance-sources";
import styles from "./__scheme-chooser.module.css";
import { PayFromError } from "./__pay-from-error";

export interface SchemeChooserProps {
  /** i18n section in `payments` (`gbp`, `usd`): title, intro, scheme, scheme-hint.<type>, no-balance, no-scheme. */
  section: string;
  sources: readonly BalanceSource[];
  /** The refused accounts list's text (lib/list-errors.server), or null. */
  sourcesError?: string | null;
  schemes: readonly ProviderPaymentTypeCode[];
  /** The refused payments settings' text, or null. */
  schemesError?: string | null;
  /** The form page (`/payments/gbp/form`). */
  action: string;
}

export function SchemeChooser({ section, sources, sourcesError, schemes, schemesError, action }: SchemeChooserProps) {
  const { t } = useTranslation("payments");
  const label = useSourceLabel();
  return (
    <>
      <h1>{t(`${section}.title`)}</h1>
      {sourcesError || schemesError ? (
        <PayFromError message={sourcesError}>
          {schemesError ? <ChoicesError id="scheme" label={t(`${section}.scheme`)} message={schemesError} required /> : null}
        </PayFromError>
      ) : sources.length === 0 ? (
        <Alert testId="no-balance">{t(`${section}.no-balance`)}</Alert>
      ) : schemes.length === 0 ? (
        <Alert testId="no-scheme">{t(`${section}.no-scheme`)}</Alert>
      ) : (
        <Form method="get" action={action}>
          <p>{t(`${section}.intro`)}</p>
          <Field as="select" name="source" label={t("fields.from-balance")} required>
            {sources.map((s) => (
              <option key={s.value} value={s.value}>
                {label(s)}
              </option>
            ))}
          </Field>
          <fieldset className={styles.schemes}>
            <legend className={styles.legend}>{t(`${section}.scheme`)}</legend>
            {schemes.map((type, i) => (
              <div key={type} className={styles.choice}>
                <input
                  type="radio"
                  id={`scheme-${type}`}
                  name="scheme"
                  value={type}
                  defaultChecked={i === 0}
                  aria-describedby={`scheme-${type}-hint`}
                  className={styles.radio}
                />
                <label htmlFor={`scheme-${type}`} className={styles.label}>
                  {t(`schemes.${type}`)}
                </label>
                <p id={`scheme-${type}-hint`} className={styles.hint}>
                  {t(`${section}.scheme-hint.${type}`)}
                </p>
              </div>
            ))}
          </fieldset>
          <FormActions>
            <Button type="submit">{t("continue")}</Button>
            <Link to="/payments">{t("common:cancel")}</Link>
          </FormActions>
        </Form>
      )}
    </>
  );
}
