/**
 * First step of the international and crypto-asset payments (/payments/international,
 * /payments/casp): the balance to pay from, among the currencies GET /v1/settings/payments offers
 * with the rail's provider type, as a GET form to the rail's form page
 * (`<action>?source=<accountId:CUR>`): works without JavaScript and can be bookmarked.
 * No matching balance: an alert names the currencies the rail serves. The accounts or the
 * payments settings refused by the API: the error in the choice's place instead of the form
 * (ChoicesError), saying nothing can be sent without it (docs/decisions.md "Failed lists").
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/forms/Field";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { FormActions } from "~/components/forms/FormActions";
import { type BalanceSource, useSourceLabel } from "~/lib/balance-sources";
import { PayFromError } from "./__pay-from-error";

export interface BalanceChooserProps {
  /** i18n section in `payments` (`international`, `casp`): title, no-balance, choose-intro. */
  section: string;
  sources: readonly BalanceSource[];
  /** The refused accounts list's or payments settings' text (lib/list-errors.server), or null. */
  sourcesError?: string | null;
  /** Currencies the rail serves (named in the texts). */
  currencies: readonly string[];
  /** The form page (`/payments/casp/form`). */
  action: string;
}

export function BalanceChooser({ section, sources, sourcesError, currencies, action }: BalanceChooserProps) {
  const { t } = useTranslation("payments");
  const label = useSourceLabel();
  const list = currencies.join(", ");
  return (
    <>
      <h1>{t(`${section}.title`)}</h1>
      {sourcesError ? (
        <PayFromError message={sourcesError} />
      ) : sources.length === 0 ? (
        <Alert>
          {t(`${section}.no-balance`, { currencies: list })} <Link to="/payments">{t("common:placeholder.back-payments")}</Link>
        </Alert>
      ) : (
        <Form method="get" action={action}>
          <p>{t(`${section}.choose-intro`, { currencies: list })}</p>
          <Field as="select" name="source" label={t("fields.from-balance")} required>
            {sources.map((s) => (
              <option key={s.value} value={s.value}>
                {label(s)}
              </option>
            ))}
          </Field>
          <FormActions>
            <Button type="submit">{t("continue")}</Button>
            <Link to="/payments">{t("common:cancel")}</Link>
          </FormActions>
        </Form>
      )}
    </>
  );
}
