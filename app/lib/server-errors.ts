/**
 * Map an API error answer onto a form (spec 000 §5 "Server errors", §8 error catalogue).
 *
 * Rules:
 * - `message` as an array of `{property, constraints}`: the FIRST constraint text goes on the
 *   field; where the text contains the property name it is replaced by the name split on
 *   capitals, each word capitalised ("bankAccountNumber must …" → "Bank Account Number must …").
 *   Known constraint ids (isIban, insufficientFunds, …) are shown translated instead.
 * - property `coreError`, and a plain string `message`, are global errors, joined with ', '.
 * - field errors for properties that have no field in the form become general messages.
 * - anything else (no message, not a string nor an array) → 'Internal Server Error. Try Again'.
 *
 * Client-safe (no server imports); actions pass `t` from `getFixedT(request)`.
 */
import type { ApiErrorBody, ApiFieldError } from "../../server/api/v1/contract";

/** Key for 'Internal Server Error. Try Again' (spec 000 §8). */
export const INTERNAL_ERROR_KEY = "errors:Errors.internal";

/** Field name under which form-level (global + general) errors travel in `fieldErrors`. */
export const FORM_ERROR_FIELD = "_form";

/** Translate function shape used here (i18next `TFunction` fits). */
export type Translate = (key: string, options?: { defaultValue?: string; [k: string]: unknown }) => string;

/** Constraint ids with a translated message (`errors:constraints.<id>`). */
export const KNOWN_CONSTRAINTS = [
  "isIban",
  "isBic",
  "isNotEmpty",
  "insufficientFunds",
  "isPositive",
  "maxDecimals",
  "isPhoneNumber",
  "sameCurrency",
  "noNulCharacters",
  "isPhone",
  "matchesBic",
  "isLocalCurrency",
  // Rules only the API can check (they need the database): spec 000 §8 "mapped onto form fields".
  "isCurrency",
  "hasBalance",
  "hasFeeBalance",
  "hasRate",
  "isExchangeable",
  "isOwnAccount",
  "isOtherAccount",
  "isOwnUpload",
  "isServed",
  "isAvailable",
  "isCasp",
  "isCaspAsset",
  "matchesBank",
  "isFutureExpiry",
  "isDifferent",
  "isApproved",
  "isPaymentType",
  "isApprovedContract",
  "isCategory",
  "isFiat",
  "isGbp",
  "isEur",
  "isUsd",
  "isSameAccount",
  "isContract",
  "isAllowedType",
  "isRecentIsoDate",
  "noProvider",
  "isNotSelf",
  "hasAccount",
  "isCustomer",
] as const;

/**
 * Field → rule group of server/rules, whose error codes the API uses as constraint ids
 * (e.g. sortCode `format` → `errors:sort-code.format`), so the browser, the action and the API
 * show the same translated message for the same rule.
 */
export const RULE_GROUPS: Record<string, string> = {
  amount: "amount",
  iban: "iban",
  bic: "bic",
  intermediaryBankBIC: "bic",
  sortCode: "sort-code",
  aba: "aba",
  walletAddress: "wallet",
  countryId: "country",
  bankCountry: "country",
  intermediaryBankCountry: "country",
  sum: "amount",
  sellAmount: "amount",
  rate: "amount",
  "payee.country": "country",
};

/** Stable API `code`s with a translated message (spec 000 §8). */
export const CODE_KEYS: Record<string, string> = {
  INVALID_CODE: "errors:Auth.invalid-code",
  CODE_EXPIRED: "errors:Auth.code-expired",
  CODE_ATTEMPTS_EXCEEDED: "errors:Auth.too-many-tries",
  RATE_LIMITED: "errors:Auth.rate-limited",
  INVALID_PASSWORD: "errors:Auth.wrong-password",
  FORBIDDEN: "errors:Auth.access-denied",
  INSUFFICIENT_FUNDS: "errors:Payments.insufficient-funds",
  MFA_TOKEN_INVALID: "errors:Payments.mfa-invalid",
  PAYMENT_NOT_PENDING: "errors:Payments.not-pending",
  IDEMPOTENCY_KEY_REUSED: "errors:Payments.idempotency-reused",
  DOCUMENTS_REQUIRED: "errors:Payments.documents-required",
  NOT_FOUND: "errors:Errors.not-found",
  ORDER_STATUS_CONFLICT: "errors:Remittance.status-conflict",
  BENEFICIARY_STATUS_CONFLICT: "errors:Beneficiaries.status-conflict",
  CONTRACT_STATUS_CONFLICT: "errors:Beneficiaries.contract-status-conflict",
  SERVICE_BUSY: "errors:Errors.busy",
};

/**
 * The message key of an API `code` (CODE_KEYS), undefined for a code with none. Only the table's
 * own entries count: a code such as "constructor" or "__proto__" names no inherited property.
 */
export function codeMessageKey(code: unknown): string | undefined {
  return typeof code === "string" && Object.hasOwn(CODE_KEYS, code) ? CODE_KEYS[code] : undefined;
}

/** Result: field errors for known fields, plus global and general messages. */
export interface MappedServerErrors {
  /** field name → message, only for names in `fields`. */
  fieldErrors: Record<string, string>;
  /** coreError / plain string messages joined with ', ' (or the internal-error message). */
  globalError: string | null;
  /** messages of properties with no field in this form. */
  generalMessages: string[];
}

/** "bankAccountNumber" → "Bank Account Number" (spec 000 §5). */
export function humanisePropertyName(property: string): string {
  return property
    .split(/(?=[A-Z])/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

const identity: Translate = (key, options) => options?.defaultValue ?? key;

/** Whether a value is one API field error (`{ property, constraints }`). */
export function isFieldError(v: unknown): v is ApiFieldError {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as ApiFieldError).property === "string" &&
    typeof (v as ApiFieldError).constraints === "object" &&
    (v as ApiFieldError).constraints !== null
  );
}

/**
 * Map an API error body onto a form.
 * @param body the parsed JSON of a non-2xx answer (any shape; validated here)
 * @param fields names of the fields the form shows
 * @param t translator (from `getFixedT`); without it keys/texts are returned as is
 * @param options.codeFields attach a coded string error to a field, e.g. `{INVALID_CODE:'code'}`
 * @param options.ruleGroups the form's own rule group of a field whose rule depends on the form, over
 *   RULE_GROUPS (a beneficiary's `bankAccountNumber` is checked as a UK, a US or a foreign account
 *   number by its payment type and currency: `{ bankAccountNumber: "uk-account-number" }`)
 * @param options.labels the form's (translated) label of each field: a field the API requires and
 *   found empty (isNotEmpty) is then named ("Sort code is required",
 *   `errors:constraints.isNotEmpty-named`): the error summary lists its entries away from their
 *   fields, where several "This field is required" cannot be told apart
 * @returns field errors, a global error and general messages (see module rules)
 */
export function mapServerErrors(
  body: unknown,
  fields: readonly string[],
  t: Translate = identity,
  options: {
    codeFields?: Record<string, string>;
    labels?: Record<string, string>;
    ruleGroups?: Record<string, string>;
  } = {},
): MappedServerErrors {
  const result: MappedServerErrors = { fieldErrors: {}, globalError: null, generalMessages: [] };
  const internal = () => ({
    ...result,
    globalError: t(INTERNAL_ERROR_KEY, { defaultValue: "Internal Server Error. Try Again" }),
  });
  if (typeof body !== "object" || body === null) return internal();
  const { message, code } = body as Partial<ApiErrorBody>;
  const codeKey = codeMessageKey(code);

  if (typeof message === "string") {
    const text = codeKey ? t(codeKey, { defaultValue: message }) : message;
    const field = typeof code === "string" ? options.codeFields?.[code] : undefined;
    if (field && fields.includes(field)) result.fieldErrors[field] = text;
    else result.globalError = text;
    return result;
  }
  if (!Array.isArray(message)) return internal();

  const globals: string[] = [];
  for (const item of message) {
    if (typeof item === "string") {
      globals.push(item);
      continue;
    }
    if (!isFieldError(item)) continue;
    const first = Object.entries(item.constraints)[0];
    if (!first) continue;
    const [constraintId, rawText] = first;
    if (item.property === "coreError") {
      globals.push(t(`errors:constraints.${constraintId}`, { defaultValue: String(rawText) }));
      continue;
    }
    const readable = String(rawText).split(item.property).join(humanisePropertyName(item.property));
    const group =
      options.ruleGroups && Object.hasOwn(options.ruleGroups, item.property)
        ? options.ruleGroups[item.property]
        : Object.hasOwn(RULE_GROUPS, item.property)
          ? RULE_GROUPS[item.property]
          : undefined;
    const label = options.labels?.[item.property];
    const text =
      constraintId === "isNotEmpty" && label
        ? t("errors:constraints.isNotEmpty-named", { field: label, defaultValue: `${label} is required` })
        : (KNOWN_CONSTRAINTS as readonly string[]).includes(constraintId)
          ? t(`errors:constraints.${constraintId}`, { defaultValue: readable })
          : group && /^[a-z-]+$/.test(constraintId)
            ? t(`errors:${group}.${constraintId}`, { defaultValue: readable })
            : readable;
    if (fields.includes(item.property)) {
      if (!Object.hasOwn(result.fieldErrors, item.property)) result.fieldErrors[item.property] = text;
    } else {
      result.generalMessages.push(text);
    }
  }
  if (globals.length > 0) result.globalError = globals.join(", ");
  if (globals.length === 0 && Object.keys(result.fieldErrors).length === 0 && result.generalMessages.length === 0) {
    return internal();
  }
  return result;
}

/**
 * Flatten mapped errors into remix-validated-form `fieldErrors`; form-level messages
 * (global first, then general) go under `_form`, joined with ', '.
 */
export function toFieldErrors(mapped: MappedServerErrors): Record<string, string> {
  const form = [mapped.globalError, ...mapped.generalMessages].filter((m): m is string => Boolean(m));
  return form.length > 0 ? { ...mapped.fieldErrors, [FORM_ERROR_FIELD]: form.join(", ") } : { ...mapped.fieldErrors };
}
