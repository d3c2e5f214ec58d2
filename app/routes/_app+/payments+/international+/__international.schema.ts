/**
 * The rules of the international (SWIFT) payment form (./__international.screen.tsx), shared by
 * the browser and the route's action (`form.tsx`): IBAN, BIC and account number by the API's own
 * rules (server/rules/iban.ts), countries by server/rules/country.ts, the amount at the chosen
 * balance's scale. In the browser a chunk of its own, loaded when the form is first used
 * (lib/lazy-validator.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import { parseSource } from "~/lib/balance-sources";
import { scaleOfCurrency } from "~/lib/currency-scales";
import { idempotencyKeyField, referenceField, requiredChoice } from "~/lib/payment-schemas";
import { validateAmount } from "../../../../../server/rules/amount";
import { validateCountry } from "../../../../../server/rules/country";
import { isIbanCountry, validateBic, validateForeignAccountNumber, validateIban } from "../../../../../server/rules/iban";
import { BENEFICIARY_TYPES } from "./__international.fields";

const TOO_LONG = "errors:international.too-long";

/** Required text: trimmed, at least one character, at most `max` (the API's limits). */
const requiredText = (max: number, requiredKey: string) =>
  z.string({ required_error: requiredKey }).trim().min(1, requiredKey).max(max, TOO_LONG);

/** Optional text: trimmed, "" → undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Raw optional text, checked by the object-level rules below (IBAN or account number, intermediary bank). */
const rawText = z
  .string()
  .optional()
  .transform((v) => v ?? "");

/**
 * A country select: ISO 3166-1 alpha-2 (server/rules/country.ts).
 * @param requiredKey the error when none is chosen, naming whose country it is: the form has two
 *   country selects, and two "Choose a country" in the error summary could not be told apart
 */
const countryField = (requiredKey: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const r = validateCountry(v);
      if (!r.ok) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: r.error === "required" ? requiredKey : `errors:country.${r.error}`,
        });
        return z.NEVER;
      }
      return r.country;
    });

const bicField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const r = validateBic(v);
    if (!r.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `errors:bic.${r.error}` });
      return z.NEVER;
    }
    return r.bic;
  });

/** The beneficiary's account: an IBAN of the bank's country where it uses IBANs, else an account number. */
function checkAccount(bankCountry: string, iban: string, accountNumber: string) {
  if (isIbanCountry(bankCountry)) {
    const r = validateIban(iban);
    if (!r.ok)
      return {
        ok: false as const,
        path: "iban",
        message: r.error === "required" ? "errors:international.iban-required" : `errors:iban.${r.error}`,
      };
    if (r.iban.slice(0, 2) !== bankCountry)
      return { ok: false as const, path: "iban", message: "errors:international.iban-country" };
    return { ok: true as const, iban: r.iban, accountNumber: undefined };
  }
  const r = validateForeignAccountNumber(accountNumber);
  if (!r.ok)
    return {
      ok: false as const,
      path: "accountNumber",
      message: r.error === "required" ? "errors:international.account-number-required" : `errors:account-number.${r.error}`,
    };
  return { ok: true as const, iban: undefined, accountNumber: r.accountNumber };
}

/**
 * The zod schema for balances whose currency scales are `scales` (currency → decimals, from the
 * accounts' balances): the amount is checked at the scale of the chosen balance's currency.
 */
export function internationalSchema(scales: Readonly<Record<string, number>>) {
  return (
    z
      .object({
        source: requiredChoice("errors:account-required"),
        beneficiaryType: z
          .string()
          .optional()
          .transform((v, ctx) => {
            const type = BENEFICIARY_TYPES.find((t) => t === v);
            if (!type) {
              ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors:international.beneficiary-type-required" });
              return z.NEVER;
            }
            return type;
          }),
        beneficiaryName: requiredText(140, "errors:beneficiary-required"),
        address: requiredText(140, "errors:international.address-required"),
        city: requiredText(70, "errors:international.city-required"),
        postCode: optionalText(16),
        countryId: countryField("errors:international.country-required"),
        bic: bicField,
        bankName: requiredText(140, "errors:international.bank-name-required"),
        bankAddress: optionalText(140),
        bankCountry: countryField("errors:international.bank-country-required"),
        iban: rawText,
        accountNumber: rawText,
        useIntermediaryBank: z
          .string()
          .optional()
          .transform((v) => v === "on" || v === "true"),
        intermediaryBankName: rawText,
        intermediaryBankBIC: rawText,
        intermediaryBankAddress: rawText,
        intermediaryBankCountry: rawText,
        intermediaryBankCorrespondentAccount: rawText,
        purpose: requiredText(140, "errors:international.purpose-required"),
        categoryId: z
          .string()
          .optional()
          .transform((v) => (v ? v : undefined)),
        amount: rawText,
        reference: referenceField,
        idempotencyKey: idempotencyKeyField,
      })
      // Rules across fields; runs even when single fields failed, so every error shows at once
      // (failed fields hold zod's NEVER marker, hence the `typeof` checks).
      .superRefine((d, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
        if (typeof d.bic === "string" && typeof d.bankCountry === "string" && d.bic.slice(4, 6) !== d.bankCountry)
          issue("bankCountry", "errors:international.bank-country-bic");
        if (typeof d.bankCountry === "string") {
          const account = checkAccount(d.bankCountry, d.iban, d.accountNumber);
          if (!account.ok) issue(account.path, account.message);
        }
        if (d.useIntermediaryBank === true) {
          const name = d.intermediaryBankName.trim();
          if (!name) issue("intermediaryBankName", "errors:international.intermediary-name-required");
          else if (name.length > 140) issue("intermediaryBankName", TOO_LONG);
          const bic = validateBic(d.intermediaryBankBIC);
          if (!bic.ok) issue("intermediaryBankBIC", `errors:bic.${bic.error}`);
          if (d.intermediaryBankAddress.trim().length > 140) issue("intermediaryBankAddress", TOO_LONG);
          if (d.intermediaryBankCountry.trim()) {
            const country = validateCountry(d.intermediaryBankCountry);
            if (!country.ok) issue("intermediaryBankCountry", `errors:country.${country.error}`);
          }
          if (d.intermediaryBankCorrespondentAccount.trim().length > 40) issue("intermediaryBankCorrespondentAccount", TOO_LONG);
        }
        const amount = validateAmount(d.amount, { scale: scaleOfCurrency(parseSource(d.source ?? "")?.currencyId, scales) });
        if (!amount.ok) issue("amount", `errors:amount.${amount.error}`);
      })
      // Only reached when everything is valid: normalised values, the account the bank's country needs,
      // and the intermediary bank only when used.
      .transform((d) => {
        const account = checkAccount(d.bankCountry, d.iban, d.accountNumber);
        const intermediaryBic = validateBic(d.intermediaryBankBIC);
        const amount = validateAmount(d.amount, { scale: scaleOfCurrency(parseSource(d.source)?.currencyId, scales) });
        const intermediary = d.useIntermediaryBank
          ? {
              intermediaryBankName: d.intermediaryBankName.trim(),
              intermediaryBankBIC: intermediaryBic.ok ? intermediaryBic.bic : undefined,
              intermediaryBankAddress: d.intermediaryBankAddress.trim() || undefined,
              intermediaryBankCountry: d.intermediaryBankCountry.trim().toUpperCase() || undefined,
              intermediaryBankCorrespondentAccount: d.intermediaryBankCorrespondentAccount.trim() || undefined,
            }
          : {};
        return {
          source: d.source,
          beneficiaryType: d.beneficiaryType,
          beneficiaryName: d.beneficiaryName,
          address: d.address,
          city: d.city,
          postCode: d.postCode,
          countryId: d.countryId,
          bic: d.bic,
          bankName: d.bankName,
          bankAddress: d.bankAddress,
          bankCountry: d.bankCountry,
          iban: account.ok ? account.iban : undefined,
          accountNumber: account.ok ? account.accountNumber : undefined,
          useIntermediaryBank: d.useIntermediaryBank,
          ...intermediary,
          purpose: d.purpose,
          categoryId: d.categoryId,
          amount: amount.ok ? amount.value : "",
          reference: d.reference,
          idempotencyKey: d.idempotencyKey,
        };
      })
  );
}

export type InternationalFormData = z.output<ReturnType<typeof internationalSchema>>;

const validators = new Map<string, Validator<InternationalFormData>>();

/** The form's validator for these scales (one per set of scales, shared by renders and the action). */
export function internationalValidator(scales: Readonly<Record<string, number>>): Validator<InternationalFormData> {
  const key = JSON.stringify(Object.entries(scales).sort(([a], [b]) => a.localeCompare(b)));
  let validator = validators.get(key);
  if (!validator) {
    validator = withZod(internationalSchema(scales));
    validators.set(key, validator);
  }
  return validator;
}
