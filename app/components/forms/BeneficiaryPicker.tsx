/**
 * Saved-beneficiary choice on a payment form (spec 000 §4: only APPROVED beneficiaries can be
 * picked; picking one fills the form). Two parts, because HTML forms cannot nest:
 * - `BeneficiaryPicker`, above the payment form: a GET form (`?beneficiary=<id>`, keeping the
 *   page's other query parameters) — the loader fills the form from the chosen one; with one
 *   chosen, its name and a link to pay someone else instead. When the choices could not be loaded
 *   (`error`, lib/list-errors.server), the error where the choices would be, under the picker's
 *   label: never an empty-looking picker; the payment form below stays usable.
 * - `ChosenBeneficiaryFields`, inside the payment form: the hidden `beneficiaryId` (the API pays
 *   the saved payee details) and, when the beneficiary has APPROVED contracts, the contract select
 *   (`contractId`).
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import { ListError } from "../ui/ListError";
import { Field } from "./Field";
import styles from "./BeneficiaryPicker.module.css";

export interface PickerBeneficiary {
  id: string;
  name: string;
  nickname: string | null;
  currencyId: string;
}

/** The saved-beneficiary picker above a payment form (module rules). */
export function BeneficiaryPicker({
  choices,
  chosen,
  error = null,
}: {
  choices: PickerBeneficiary[];
  chosen: { id: string; name: string } | null;
  /** The failed choices list's text (settleList), or null. */
  error?: string | null;
}) {
  const { t } = useTranslation("payments");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("beneficiary");
  const kept = [...params.entries()];
  if (chosen) {
    const rest = params.toString();
    return (
      <p className={styles.chosen} data-testid="chosen-beneficiary">
        {t("beneficiary-picker.paying", { name: chosen.name })}{" "}
        <Link to={`${location.pathname}${rest ? `?${rest}` : ""}`}>{t("beneficiary-picker.someone-else")}</Link>
      </p>
    );
  }
  if (error)
    return (
      <section className={styles.picker} aria-labelledby="beneficiary-choice-title" data-testid="beneficiary-picker">
        <h2 id="beneficiary-choice-title" className={styles.title}>
          {t("beneficiary-picker.label")}
        </h2>
        <ListError message={error} testId="beneficiary-picker-error" />
      </section>
    );
  if (choices.length === 0) return null;
  return (
    <Form method="get" className={styles.picker} data-testid="beneficiary-picker">
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Field as="select" name="beneficiary" id="beneficiary-choice" label={t("beneficiary-picker.label")} defaultValue="">
        <option value="">{t("beneficiary-picker.choose")}</option>
        {choices.map((b) => (
          <option key={b.id} value={b.id}>
            {b.nickname ? `${b.name} (${b.nickname})` : b.name} — {b.currencyId}
          </option>
        ))}
      </Field>
      <Button type="submit" variant="secondary">
        {t("beneficiary-picker.use")}
      </Button>
    </Form>
  );
}

export function ChosenBeneficiaryFields({
  chosen,
}: {
  chosen: { id: string; contracts: { id: string; name: string }[] } | null;
}) {
  const { t } = useTranslation("payments");
  if (!chosen) return null;
  return (
    <>
      <input type="hidden" name="beneficiaryId" value={chosen.id} />
      {chosen.contracts.length > 0 ? (
        <Field
          as="select"
          name="contractId"
          label={t("beneficiary-picker.contract")}
          hint={t("beneficiary-picker.contract-hint")}
          defaultValue=""
        >
          <option value="">{t("beneficiary-picker.no-contract")}</option>
          {chosen.contracts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Field>
      ) : null}
    </>
  );
}

/**
 * A payment form's action URL that keeps the picked beneficiary (`?beneficiary=`), so the page
 * that answers a refused submission (and, with JavaScript, the revalidation after it) still
 * pays that beneficiary.
 */
export function withBeneficiary(action: string, chosen: { id: string } | null): string {
  if (!chosen) return action;
  return `${action}${action.includes("?") ? "&" : "?"}beneficiary=${encodeURIComponent(chosen.id)}`;
}
