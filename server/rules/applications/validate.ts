/**
 * Validation of one application step (spec 001 §5; issue 8 "a step with invalid input is still
 * saved as far as it is valid"). Pure: the caller supplies the allowed option ids (reference
 * data it loaded) and today's date, so the browser, the API and tests share it.
 *
 * Each field is checked on its own: a valid value goes to `answers`, an invalid one to `drafts`
 * (kept as typed, so it survives a closed browser) with an error. Constraint ids are stable and
 * translated by the web app as `identity:errors.<id>`; the English text is the API's fallback.
 */
import type { FieldDef, StepDef } from "./steps";

export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue>;

export interface StepFieldError {
  property: string;
  constraints: Record<string, string>;
}

export interface ValidationContext {
  /** Allowed values of a field with options (ids of the reference list), or null to skip the check. */
  optionsOf(field: FieldDef): ReadonlySet<string> | null;
  /** Today as `yyyy-mm-dd` (UTC). */
  today: string;
}

export interface StepResult {
  /** Valid values (empty optional values removed). */
  answers: Answers;
  /** Typed values that were refused, as typed. */
  drafts: Answers;
  errors: StepFieldError[];
}

/** Error constraint ids (translated as `identity:errors.<id>`). */
export type ConstraintId =
  | "required"
  | "maxLength"
  | "email"
  | "phone"
  | "date"
  | "adult"
  | "notFuture"
  | "notPast"
  | "dateTooEarly"
  | "dateTooLate"
  | "oneOf"
  | "minItems"
  | "maxItems"
  | "integer"
  | "percentage"
  | "url"
  | "addressHistory";

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const PHONE = /^\+[1-9]\d{6,14}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The earliest day any onboarding date may be (docs/decisions.md "Dates in onboarding"): a
 * company may be much older than a person — chartered bodies still trading date from the 1600s
 * (the Bank of England, 1694) — so the floor only catches a mistyped year (0202, 1026).
 */
export const EARLIEST_DATE = "1600-01-01";
/** The latest day any onboarding date may be (spec 001 §5, §9: pickers disable days after 1 Jan 2099 by default). */
export const LATEST_DATE = "2099-01-01";
/** Minimum age of an applicant or official in years (spec 001 §5 "minimum age 18"). */
export const MINIMUM_AGE = 18;
/** The oldest birthday taken, in years before today (the oldest person on record lived to 122). */
export const MAXIMUM_AGE = 130;

/**
 * True for a real calendar date written `yyyy-mm-dd` (29 Feb only in a leap year). No range:
 * each kind of date has its own (`dateBounds`); the date-range picker's 1920–2050 (spec 000 §9)
 * is not an onboarding bound.
 */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d); // not Date.UTC, which reads years 0–99 as 1900–1999
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `yyyy-mm-dd` minus whole years (29 Feb → 28 Feb in a common year). */
export function yearsBefore(today: string, years: number): string {
  const y = String(Number(today.slice(0, 4)) - years).padStart(4, "0");
  const md = today.slice(5);
  const candidate = `${y}-${md}`;
  return isIsoDate(candidate) ? candidate : `${y}-02-28`;
}

/** The day after `day` (`yyyy-mm-dd`, UTC calendar). */
export function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The days a date field takes, both inclusive, by its rule (docs/decisions.md "Dates in
 * onboarding"); the API checks them (`checkValue`) and the web form's date input carries them
 * as `min`/`max`:
 * - `adult` (a birthday): from MAXIMUM_AGE to MINIMUM_AGE years before today;
 * - `past` (date of incorporation, living at an address since): EARLIEST_DATE to today;
 * - `future` (an expiry): the day after today to LATEST_DATE;
 * - none: EARLIEST_DATE to LATEST_DATE.
 * @param today `yyyy-mm-dd` (the API's today, UTC)
 */
export function dateBounds(rule: FieldDef["dateRule"], today: string): { min: string; max: string } {
  switch (rule) {
    case "adult":
      return { min: yearsBefore(today, MAXIMUM_AGE), max: yearsBefore(today, MINIMUM_AGE) };
    case "past":
      return { min: EARLIEST_DATE, max: today };
    case "future":
      return { min: dayAfter(today), max: LATEST_DATE };
    default:
      return { min: EARLIEST_DATE, max: LATEST_DATE };
  }
}

function fail(property: string, id: ConstraintId, text: string): StepFieldError {
  return { property, constraints: { [id]: text } };
}

function isEmpty(v: AnswerValue | undefined): boolean {
  return v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === "");
}

/** Whether the field is asked given the other answers (`shownWhen`). */
export function isShown(field: FieldDef, values: Answers): boolean {
  if (!field.shownWhen) return true;
  return values[field.shownWhen.field] === field.shownWhen.equals;
}

/**
 * Whether the field must be answered given the other answers (`required`, or `requiredWhen`
 * the field it names has the value) — the named field may be on another step: `values` are
 * then the application's answers with the step's own on top (`conditionValues`).
 */
export function isRequired(field: FieldDef, values: Answers): boolean {
  if (field.required) return true;
  if (field.requiredWhen) return values[field.requiredWhen.field] === field.requiredWhen.equals;
  return false;
}

/**
 * The answers a step's conditions (`requiredWhen`, `shownWhen`) are read from: the
 * application's other answers (`context`), with the step's own fields as posted on top — a
 * field of the step left out of the post counts as unanswered, never as its saved value.
 */
export function conditionValues(fields: readonly Pick<FieldDef, "name">[], values: Answers, context: Answers = {}): Answers {
  const out: Answers = { ...context };
  for (const { name } of fields) {
    delete out[name];
    if (values[name] !== undefined) out[name] = values[name];
  }
  return out;
}

/**
 * Check one field's value (not its requiredness).
 * @returns the normalised value, or an error
 */
export function checkValue(
  field: FieldDef,
  raw: AnswerValue,
  ctx: ValidationContext,
): { value: AnswerValue } | { error: StepFieldError } {
  const p = field.name;
  if (field.kind === "checkboxes") {
    const list = (Array.isArray(raw) ? raw : [raw]).map((v) => v.trim()).filter(Boolean);
    const unique = [...new Set(list)];
    const allowed = ctx.optionsOf(field);
    if (allowed && unique.some((v) => !allowed.has(v)))
      return { error: fail(p, "oneOf", `${p} has a value that is not offered`) };
    if (field.max !== undefined && unique.length > field.max)
      return { error: fail(p, "maxItems", `${p} must have at most ${field.max} items`) };
    if (field.min !== undefined && unique.length > 0 && unique.length < field.min)
      return { error: fail(p, "minItems", `${p} must have at least ${field.min} items`) };
    return { value: unique };
  }
  if (Array.isArray(raw)) return { error: fail(p, "oneOf", `${p} must be a single value`) };
  // Line breaks as one character each (LF): a form post sends a textarea's breaks as CR LF, while
  // the browser's maxlength counted each as one; two for one refused text the page let them type.
  const v = raw.replace(/\r\n?/g, "\n").trim();
  if (field.max !== undefined && v.length > field.max)
    return { error: fail(p, "maxLength", `${p} must be at most ${field.max} characters`) };
  switch (field.kind) {
    case "email":
      return EMAIL.test(v) ? { value: v.toLowerCase() } : { error: fail(p, "email", `${p} must be an email address`) };
    case "phone": {
      const phone = v.replace(/[\s()-]/g, "");
      return PHONE.test(phone)
        ? { value: phone }
        : { error: fail(p, "phone", `${p} must be a phone number in international format`) };
    }
    case "date": {
      if (!isIsoDate(v)) return { error: fail(p, "date", `${p} must be a valid date`) };
      const { min, max } = dateBounds(field.dateRule, ctx.today);
      if (v > max) {
        if (field.dateRule === "adult") return { error: fail(p, "adult", `${p} must be at least ${MINIMUM_AGE} years ago`) };
        if (field.dateRule === "past") return { error: fail(p, "notFuture", `${p} must not be in the future`) };
        return { error: fail(p, "dateTooLate", `${p} must be on or before ${max}`) };
      }
      if (v < min) {
        if (field.dateRule === "future") return { error: fail(p, "notPast", `${p} must be in the future`) };
        return { error: fail(p, "dateTooEarly", `${p} must be on or after ${min}`) };
      }
      return { value: v };
    }
    case "yesno":
      return v === "YES" || v === "NO" ? { value: v } : { error: fail(p, "oneOf", `${p} must be yes or no`) };
    case "select": {
      const allowed = ctx.optionsOf(field);
      if (allowed && !allowed.has(v)) return { error: fail(p, "oneOf", `${p} has a value that is not offered`) };
      return { value: v };
    }
    case "integer":
      return /^\d{1,6}$/.test(v) ? { value: String(Number(v)) } : { error: fail(p, "integer", `${p} must be a whole number`) };
    case "percentage": {
      const ok = /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100;
      return ok ? { value: v } : { error: fail(p, "percentage", `${p} must be a percentage from 0 to 100`) };
    }
    case "url": {
      const withScheme = /^https?:\/\//i.test(v) ? v : `https://${v}`;
      try {
        const u = new URL(withScheme);
        if (!u.hostname.includes(".")) throw new Error("host");
        return { value: withScheme };
      } catch {
        return { error: fail(p, "url", `${p} must be a web address`) };
      }
    }
    default:
      return { value: v };
  }
}

/**
 * Validate the submitted values of one step.
 * @param step the step (its field list)
 * @param input field name → value as posted (unknown names are ignored)
 * @param ctx options and today
 * @param options.partial true for "save and come back later": empty required fields are not errors
 * @param options.context the application's answers: a condition (`requiredWhen`, `shownWhen`)
 *   naming a field of another step reads it there (e.g. the type of business licence, asked
 *   with the compliance questions, is required when registration-information said YES to a licence)
 * @returns valid answers, refused drafts and the errors in field order
 */
export function validateStep(
  step: Pick<StepDef, "fields" | "id">,
  input: Answers,
  ctx: ValidationContext,
  options: { partial?: boolean; context?: Answers } = {},
): StepResult {
  const result: StepResult = { answers: {}, drafts: {}, errors: [] };
  const values: Answers = {};
  for (const field of step.fields) {
    const raw = input[field.name];
    if (raw !== undefined) values[field.name] = raw;
  }
  const conditions = conditionValues(step.fields, values, options.context);
  for (const field of step.fields) {
    if (!isShown(field, conditions)) continue;
    const raw = values[field.name];
    if (isEmpty(raw)) {
      if (isRequired(field, conditions) && !options.partial)
        result.errors.push(fail(field.name, "required", `${field.name} is required`));
      continue;
    }
    const checked = checkValue(field, raw as AnswerValue, ctx);
    if ("error" in checked) {
      result.drafts[field.name] = raw as AnswerValue;
      result.errors.push(checked.error);
    } else if (!isEmpty(checked.value)) {
      result.answers[field.name] = checked.value;
    }
  }
  if (step.fields.some((d) => d.name === "currentAddressSince")) {
    const gap = addressHistoryGap(result.answers, ctx.today);
    if (gap && !options.partial && !result.errors.some((e) => e.property === gap)) {
      result.errors.push(fail(gap, "addressHistory", "Give your addresses for the last three years"));
    }
    if (!options.partial) {
      const names = new Set(step.fields.map((d) => d.name));
      for (const name of previousAddressMissing(values, gap)) {
        if (names.has(name) && !result.errors.some((e) => e.property === name))
          result.errors.push(fail(name, "required", `${name} is required`));
      }
    }
  }
  return result;
}

/** The parts a previous address must have (spec 001 §3): country, city, postcode and line 1. */
export const PREVIOUS_ADDRESS_REQUIRED = ["CountryId", "City", "PostalCode", "Address1"] as const;

/**
 * The required parts of the previous addresses still empty (spec 001 §3 "address history for the
 * last three years"): a previous address is asked in full once any part of it is given, or when
 * the history needs it to reach three years (`gap`, of `addressHistoryGap`, names one of its fields).
 * @param values the posted values (field name → value)
 * @param gap the field `addressHistoryGap` marks, or null
 * @returns field names, in form order
 */
export function previousAddressMissing(values: Answers, gap: string | null): string[] {
  const out: string[] = [];
  for (const prefix of ["previousAddress1", "previousAddress2"]) {
    const parts = [...PREVIOUS_ADDRESS_REQUIRED, "Address2", "Since"].map((p) => `${prefix}${p}`);
    const needed = parts.some((name) => !isEmpty(values[name])) || Boolean(gap?.startsWith(prefix));
    if (!needed) continue;
    for (const part of PREVIOUS_ADDRESS_REQUIRED) if (isEmpty(values[`${prefix}${part}`])) out.push(`${prefix}${part}`);
  }
  return out;
}

/**
 * The first address of the three-year history still missing (spec 001 §3 "address history for
 * the last three years"): when the current address is newer than three years the previous
 * address 1 is needed, then previous address 2 likewise. Returns the field to mark, or null.
 */
export function addressHistoryGap(answers: Answers, today: string): string | null {
  const threeYearsAgo = yearsBefore(today, 3);
  const chain = ["currentAddress", "previousAddress1", "previousAddress2"];
  for (let i = 0; i < chain.length; i += 1) {
    const since = answers[`${chain[i]}Since`];
    if (typeof since !== "string") return i === 0 ? null : `${chain[i]}Since`;
    if (since <= threeYearsAgo) return null;
    if (i + 1 < chain.length && typeof answers[`${chain[i + 1]}Address1`] !== "string") return `${chain[i + 1]}Address1`;
  }
  return null;
}
