/**
 * Category (GET /v1/payment-categories, optional) and purpose of payment (required where the
 * rail needs it: USD, international, crypto-asset) — shared by every payment form. A category
 * is named by its translation by id (`common:payment-category.<id>`, as history names it), else
 * by the name the bank stored. When the categories could not be loaded (`categoriesError`,
 * lib/list-errors.server), the error where the select would be (ChoicesError), never a select
 * offering only "No category"; the category is optional, so the form is sent without one.
 */
import { useTranslation } from "react-i18next";
import type { PaymentCategory } from "../../../server/api/v1/contract";
import { ValidatedChoicesError, ValidatedField } from "./ValidatedField";

export function PaymentPurposeFields({
  categories,
  categoriesError = null,
  purposeRequired,
}: {
  categories: readonly PaymentCategory[];
  /** The failed categories list's text (settleList), or null. */
  categoriesError?: string | null;
  purposeRequired: boolean;
}) {
  const { t } = useTranslation("payments");
  return (
    <>
      <ValidatedField
        name="purpose"
        label={t("fields.purpose")}
        hint={purposeRequired ? t("fields.purpose-hint") : `${t("fields.optional")}. ${t("fields.purpose-hint")}`}
        autoComplete="off"
        maxLength={140}
        required={purposeRequired}
      />
      {categoriesError ? (
        <ValidatedChoicesError
          id="categoryId"
          label={t("fields.category")}
          hint={t("fields.optional")}
          message={categoriesError}
        />
      ) : categories.length ? (
        <ValidatedField as="select" name="categoryId" label={t("fields.category")} hint={t("fields.optional")}>
          <option value="">{t("fields.category-none")}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {t(`common:payment-category.${c.id}`, { defaultValue: c.name })}
            </option>
          ))}
        </ValidatedField>
      ) : null}
    </>
  );
}
