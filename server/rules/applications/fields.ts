/**
 * The field definitions of the onboarding applications (spec 001 §3): their kinds and rules,
 * the builders the step catalogue (./steps.ts) is written with, and the company officials' form
 * (OFFICIAL_FIELDS). Apart from ./steps.ts so that browser code needing only these (the cof
 * step's form) does not bundle the whole step catalogue. ./steps.ts re-exports all of it.
 */

/** The seven range types (spec 001 §3 "Client range settings"). */
export const RANGE_TYPES = [
  "MONTHLY_TURNOVER",
  "MONTHLY_NUMBER_OF_INCOMING_TRANSACTIONS",
  "MONTHLY_NUMBER_OF_OUTGOING_TRANSACTIONS",
  "MONTHLY_VALUE_OF_INCOMING_TRANSACTIONS",
  "MONTHLY_VALUE_OF_OUTGOING_TRANSACTIONS",
  "MONTHLY_MAX_VALUE_OF_INCOMING_PAYMENT",
  "MONTHLY_MAX_VALUE_OF_OUTGOING_PAYMENT",
] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

/** Roles of the people on a corporate application's cof step (spec 001 §3 "Company official"). */
export const OFFICIAL_ROLES = ["DIRECTOR", "SHAREHOLDER", "UBO"] as const;
export const NATURE_OF_CONTROL = ["DIRECT_CONTROL", "INDIRECT_CONTROL"] as const;

/**
 * Where a select's options come from: a reference list of the API (`/v1/countries`,
 * `/v1/clients-activities`, `/v1/sources-of-funds`, `/v1/products?clientType=`,
 * `/v1/delivery-channels?clientType=`, `/v1/settings-clients-ranges?clientType=` by type) or a
 * fixed list of values.
 */
export type OptionSource =
  | { ref: "countries" | "activities" | "sourcesOfFunds" | "products" | "deliveryChannels" | "sicCodes" }
  | { ref: "range"; rangeType: RangeType }
  | { values: readonly string[] };

export type FieldKind =
  | "text"
  | "email"
  | "phone"
  | "date"
  | "textarea"
  | "select" // one of options
  | "checkboxes" // several of options (string[])
  | "yesno" // YES | NO
  | "integer"
  | "percentage"
  | "url";

export interface FieldDef {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Required only while another field has this value (e.g. details when the answer is YES). */
  requiredWhen?: { field: string; equals: string };
  /** Shown only while another field has this value (the web app hides it otherwise; the API ignores it). */
  shownWhen?: { field: string; equals: string };
  /**
   * Asked only when this flag of the application's scheme is on (spec 001 §3 "Application
   * scheme": `suppliersEnabled`, `customersEnabled`): otherwise the field is not on its step at
   * all (`fieldsUnder` in ./steps.ts), neither shown nor required.
   */
  schemeFlag?: "suppliersEnabled" | "customersEnabled";
  /** Maximum characters of a text value, or items of a multi value. */
  max?: number;
  /** At least this many items (checkboxes). */
  min?: number;
  options?: OptionSource;
  /** Dates: `past` (not after today), `adult` (18 years ago or earlier, spec 001 §5), `future` (after today). */
  dateRule?: "past" | "adult" | "future";
  /** The spec's numbered error step this field belongs to (spec 001 §5). */
  errorStep: number;
}

/** Most characters of a name (first, last, city, position). */
export const MAX_NAME = 100;
const MAX_TEXT = 200;
const MAX_LONG = 2000;

/** A field of `kind` on error step `errorStep`; text kinds get their default maximum length. */
export const f = (name: string, kind: FieldKind, errorStep: number, more: Partial<FieldDef> = {}): FieldDef => ({
  name,
  kind,
  errorStep,
  ...(kind === "text" || kind === "email" || kind === "url" ? { max: MAX_TEXT } : {}),
  ...(kind === "textarea" ? { max: MAX_LONG } : {}),
  ...more,
});
/** Shorthand of `{ required: true }`. */
export const req = { required: true } as const;
/** A select of a country (the API's `/v1/countries`). */
export const country = (name: string, errorStep: number, more: Partial<FieldDef> = {}) =>
  f(name, "select", errorStep, { options: { ref: "countries" }, ...more });

/** Fields of an official on the cof step (the API's POST/PUT corporates/:id/company-officials). */
export const OFFICIAL_FIELDS: readonly FieldDef[] = [
  f("role", "select", 10, { required: true, options: { values: OFFICIAL_ROLES } }),
  f("firstName", "text", 10, { required: true, max: MAX_NAME }),
  f("lastName", "text", 10, { required: true, max: MAX_NAME }),
  f("email", "email", 10),
  f("phone", "phone", 10),
  f("dob", "date", 10, { required: true, dateRule: "adult" }),
  country("nationalityId", 10, req),
  f("position", "text", 10, { max: MAX_NAME }),
  f("percentage", "percentage", 10),
  f("natureOfControl", "select", 10, { required: true, options: { values: NATURE_OF_CONTROL } }),
];
