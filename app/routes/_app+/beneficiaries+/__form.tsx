/**
 * The beneficiary form of /beneficiaries/create and /beneficiaries/:id/edit (spec 000 §3
 * Beneficiary fields). Two steps, both plain forms that work without JavaScript:
 * 1. `TypeStep`, a GET form: payment type (and, for LOCAL, the currency: EUR, GBP or USD),
 *    carrying any pre-filled values on;
 * 2. `DetailsStep`, a POST form: INDIVIDUAL or COMPANY, name, nickname, currency and the payee
 *    fields of the type (lib/beneficiaries.ts `payeeFields`), with "Save as draft" and
 *    "Save and submit for review" (one button when no approval is required).
 * Errors come from the action (the API's field rules) and are shown on their fields and in the
 * summary; the form comes back with what was typed.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BeneficiaryPaymentType } from "../../../../server/api/v1/contract";
import { AuthenticityTokenInput } from "~/components/forms/AuthenticityTokenInput";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { ChoicesError } from "~/components/forms/ChoicesError";
import { Field } from "~/components/forms/Field";
import { Button } from "~/components/ui/Button";
import { COMMON_FIELDS, LOCAL_CURRENCIES, PAYMENT_TYPES, payeeFields, requiredPayeeFields } from "~/lib/beneficiaries";
import { translateMessage } from "~/lib/i18n-message";
import { useIsHydrated } from "~/lib/use-hydrated";
import styles from "./beneficiaries.module.css";

type Values = Record<string, string>;

interface Choices {
  fiat: string[];
  crypto: string[];
  /** The failed currencies list's text (settleList), or null. */
  currenciesError: string | null;
  casps: { id: string; name: string; assets: string[] }[];
  /** The failed CASPs list's text (settleList), or null. */
  caspsError: string | null;
  countries: { code: string; name: string }[];
  approvalRequired: boolean;
}

/**
 * Step 1: the payment type (and the currency of a LOCAL beneficiary), as a GET form. Its button
 * sends `step=details`, so the page can tell a sent step (`errors`: what it lacked, beside its
 * field) from a link that opens it. The browser's own check stands in without JavaScript.
 */
export function TypeStep({
  values,
  paymentType,
  errors = {},
}: {
  values: Values;
  paymentType: BeneficiaryPaymentType | null;
  errors?: { paymentType?: string; currencyId?: string };
}) {
  const { t } = useTranslation("beneficiaries");
  const hydrated = useIsHydrated();
  const carried = Object.entries(values).filter(([k]) => k !== "paymentType" && k !== "currencyId");
  const typeError = errors.paymentType ? translateMessage(t, errors.paymentType) : "";
  return (
    <Form method="get" data-testid="beneficiary-type-form" noValidate={hydrated}>
      {carried.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset
        className={`${styles.fieldset} ${typeError ? styles.invalid : ""}`}
        aria-describedby={typeError ? "paymentType-error" : undefined}
      >
        <legend>{t("form.payment-type")}</legend>
        {typeError ? (
          <p id="paymentType-error" className={styles.error}>
            {typeError}
          </p>
        ) : null}
        <div className={`${styles.choice} ${styles.stacked}`}>
          {PAYMENT_TYPES.map((p, i) => (
            <label key={p} className={styles.check}>
              <input
                type="radio"
                name="paymentType"
                value={p}
                id={i === 0 ? "paymentType" : undefined}
                defaultChecked={paymentType === p}
                required
              />
              {t(`payment-types.${p}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        as="select"
        name="currencyId"
        label={t("form.local-currency")}
        hint={t("form.local-currency-hint")}
        defaultValue={values.currencyId ?? ""}
        error={errors.currencyId}
      >
        <option value="">{t("form.choose")}</option>
        {LOCAL_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {t(`form.local.${c}`)}
          </option>
        ))}
      </Field>
      <Button type="submit" name="step" value="details">
        {t("form.continue")}
      </Button>
    </Form>
  );
}

/** Step 2: the beneficiary's details for the chosen type. */
export function DetailsStep({
  action,
  paymentType,
  currencyId,
  values,
  errors,
  choices,
  changeHref,
  cancelHref,
}: {
  action: string;
  paymentType: BeneficiaryPaymentType;
  currencyId: string | null;
  values: Values;
  errors: Record<string, string> | undefined;
  choices: Choices;
  changeHref: string;
  cancelHref: string;
}) {
  const { t } = useTranslation("beneficiaries");
  const fields = payeeFields(paymentType, currencyId);
  const required = new Set(requiredPayeeFields(paymentType, currencyId));
  const order = [...COMMON_FIELDS, ...fields];
  const err = (name: string) => errors?.[name] ?? null;
  const v = (name: string) => values[name] ?? "";
  const currencies = paymentType === "CRYPTO_ASSET_PAYMENT" ? choices.crypto : choices.fiat;

  const field = (name: string) => {
    if (name === "useIntermediaryBank") {
      return (
        <label key={name} className={styles.check}>
          <input type="checkbox" name={name} value="true" defaultChecked={v(name) === "true"} />
          {t("fields.useIntermediaryBank")}
        </label>
      );
    }
    if (/country/i.test(name)) {
      return (
        <Field
          key={name}
          as="select"
          name={name}
          label={t(`fields.${name}`)}
          error={err(name)}
          defaultValue={v(name)}
          required={required.has(name)}
        >
          <option value="">{t("form.choose")}</option>
          {choices.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Field>
      );
    }
    if (name === "caspId") {
      if (choices.caspsError)
        return (
          <ChoicesError key={name} id={name} label={t("fields.caspId")} message={choices.caspsError} error={err(name)} required />
        );
      return (
        <Field key={name} as="select" name={name} label={t("fields.caspId")} error={err(name)} defaultValue={v(name)} required>
          <option value="">{t("form.choose")}</option>
          {choices.casps.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.assets.join(", ")})
            </option>
          ))}
        </Field>
      );
    }
    const hint = t(`hints.${name}`, { defaultValue: "" }) || undefined;
    const technical = /iban|bic|sortCode|aba|AccountNumber|walletAddress|phone|collectorContact|CorrespondentAccount/i.test(name);
    return (
      <Field
        key={name}
        name={name}
        label={t(`fields.${name}`)}
        hint={hint}
        error={err(name)}
        defaultValue={v(name)}
        required={required.has(name)}
        autoComplete="off"
        spellCheck={technical ? false : undefined}
        inputMode={
          /sortCode|aba|bankAccountNumber/.test(name) && paymentType === "LOCAL"
            ? "numeric"
            : /phone|collectorContact/i.test(name)
              ? "tel"
              : undefined
        }
        dir={technical ? "ltr" : undefined}
        maxLength={name === "walletAddress" ? 128 : 140}
      />
    );
  };

  return (
    <Form method="post" action={action} data-testid="beneficiary-form" noValidate data-unsaved-guard>
      <ErrorSummary errors={errors} order={order} />
      <AuthenticityTokenInput />
      <input type="hidden" name="paymentType" value={paymentType} />
      <p>
        {t("form.chosen-type", { type: t(`payment-types.${paymentType}`) })}{" "}
        {paymentType === "LOCAL" && currencyId ? `(${currencyId}) ` : null}
        <Link to={changeHref}>{t("form.change-type")}</Link>
      </p>
      <fieldset className={styles.fieldset}>
        <legend>{t("fields.beneficiaryType")}</legend>
        <div className={styles.choice}>
          {(["INDIVIDUAL", "COMPANY"] as const).map((b) => (
            <label key={b} className={styles.check}>
              <input
                type="radio"
                name="beneficiaryType"
                value={b}
                defaultChecked={(v("beneficiaryType") || "INDIVIDUAL") === b}
              />
              {t(`beneficiary-types.${b}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        name="name"
        label={t("fields.name")}
        error={err("name")}
        defaultValue={v("name")}
        required
        maxLength={140}
        autoComplete="off"
      />
      <Field
        name="nickname"
        label={t("fields.nickname")}
        hint={t("hints.nickname")}
        error={err("nickname")}
        defaultValue={v("nickname")}
        maxLength={70}
        autoComplete="off"
      />
      {paymentType === "LOCAL" ? (
        <input type="hidden" name="currencyId" value={currencyId ?? ""} />
      ) : choices.currenciesError ? (
        <ChoicesError
          id="currencyId"
          label={t("fields.currencyId")}
          message={choices.currenciesError}
          error={err("currencyId")}
          required
        />
      ) : (
        <Field
          as="select"
          name="currencyId"
          label={t("fields.currencyId")}
          error={err("currencyId")}
          defaultValue={v("currencyId")}
          required
        >
          <option value="">{t("form.choose")}</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Field>
      )}
      {paymentType === "INTERNATIONAL" ? (
        <>
          <fieldset className={styles.fieldset}>
            <legend>{t("form.bank")}</legend>
            {fields.filter((f) => /^(bic|bankCountry|iban|bankAccountNumber|bankName|bankAddress)$/.test(f)).map(field)}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>{t("form.address")}</legend>
            {fields.filter((f) => /^(address|city|postCode|countryId)$/.test(f)).map(field)}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>{t("form.intermediary")}</legend>
            <p className={styles.muted}>{t("hints.intermediary")}</p>
            {fields.filter((f) => /intermediary/i.test(f)).map(field)}
          </fieldset>
        </>
      ) : (
        fields.map(field)
      )}
      <div className={styles.actions}>
        {choices.approvalRequired ? (
          <>
            <Button type="submit" name="intent" value="submit">
              {t("form.save-submit")}
            </Button>
            <Button type="submit" name="intent" value="save" variant="secondary">
              {t("form.save-draft")}
            </Button>
          </>
        ) : (
          <Button type="submit" name="intent" value="save">
            {t("form.save")}
          </Button>
        )}
        <Link to={cancelHref}>{t("form.cancel")}</Link>
      </div>
    </Form>
  );
}
