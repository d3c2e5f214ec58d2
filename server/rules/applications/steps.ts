/**
 * The onboarding applications' steps and fields, as data (spec 001 §2 routes, §3 "Individual
 * application fields" and "Corporate application fields", §5 error steps). One catalogue drives
 * the web app's step pages (labels, inputs, order) and the API's validation (./validate.ts), so
 * a field is named, ordered and checked in one place.
 *
 * Values on the wire and in storage are strings (dates `yyyy-mm-dd`, yes/no `YES`|`NO`, numbers
 * as decimal strings) or string arrays (multi-choice fields). Labels are i18n keys
 * `identity:fields.<name>`; options of enum fields `identity:options.<value>`.
 */

import { country, f, MAX_NAME, RANGE_TYPES, req, type FieldDef, type RangeType } from "./fields";

export {
  NATURE_OF_CONTROL,
  OFFICIAL_FIELDS,
  OFFICIAL_ROLES,
  RANGE_TYPES,
  type FieldDef,
  type FieldKind,
  type OptionSource,
  type RangeType,
} from "./fields";

export type ApplicationType = "INDIVIDUAL" | "CORPORATE" | "COMPANY_OFFICIAL";
export type ApplicationStatus = "INCOMPLETE" | "READY_TO_REVIEW" | "REVIEW_IN_PROGRESS" | "ACCEPTED" | "DECLINED";

/** Corporate document categories (spec 001 §3). */
export const DOCUMENT_CATEGORIES = [
  "INCORPORATION_CERTIFICATE",
  "ARTICLES_OF_ASSOCIATION",
  "SHAREHOLDER_REGISTRY",
  "DIRECTOR_REGISTRY",
  "ANNUAL_ACCOUNTS",
  "CLIENT_IDENTIFICATION",
  "CLIENT_TRANSACTION",
  "CLIENT_PSP_CUSTOMER",
  "CLIENT_CDD_CHECK",
  "OTHER",
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** A step that is not a plain field list: its page and completion rule are its own. */
export type SpecialStep = "verification" | "agreements" | "officials" | "documents";

export interface StepDef {
  /** The route segment (`/identity/<type>/<id>`), spelled as the spec (cof-additional-infromation). */
  id: string;
  fields: readonly FieldDef[];
  special?: SpecialStep;
  /** Error step of the special part (spec 001 §5), when it has one. */
  specialErrorStep?: number;
  /** Applicant type whose agreements the agreements part signs. */
  agreementsFor?: "INDIVIDUAL" | "CORPORATE" | "MAIN_REPRESENTATIVE" | "COMPANY_OFFICIAL";
  /** Step shown only when the scheme says so (suppliersOrCustomers: when it asks any of its fields, `fieldsUnder`). */
  when?: "additionalQuestions" | "kyc" | "suppliersOrCustomers";
  /** Fields stored on the main representative (corporate personal-data) rather than the application. */
  onMainRepresentative?: boolean;
}

/** What of a scheme decides which steps apply (spec 001 §2, §3 "Application scheme"). */
export interface SchemeFlags {
  kycProvider: string;
  additionalQuestionsActive: boolean;
  suppliersEnabled: boolean;
  customersEnabled: boolean;
}

/** A yes/no question with the details asked when the answer is YES. */
function yesNo(name: string, errorStep: number): FieldDef[] {
  return [
    f(name, "yesno", errorStep, req),
    f(`${name}Details`, "textarea", errorStep, {
      requiredWhen: { field: name, equals: "YES" },
      shownWhen: { field: name, equals: "YES" },
    }),
  ];
}

/** An address block: `<prefix>CountryId`, `City`, `PostalCode`, `Address1`, `Address2`. */
function address(prefix: string, errorStep: number, required: Partial<FieldDef>): FieldDef[] {
  return [
    country(`${prefix}CountryId`, errorStep, required),
    f(`${prefix}City`, "text", errorStep, { ...required, max: MAX_NAME }),
    f(`${prefix}PostalCode`, "text", errorStep, { ...required, max: 20 }),
    f(`${prefix}Address1`, "text", errorStep, required),
    f(`${prefix}Address2`, "text", errorStep),
  ];
}

/**
 * Three-year address history (spec 001 §3 "history and declarations"): the current address with
 * the date the applicant moved in, and up to two previous addresses. A previous address is
 * required while the addresses given so far do not reach back three years (./validate.ts).
 */
export function addressHistory(errorStep: number): FieldDef[] {
  return [
    ...address("currentAddress", errorStep, req),
    f("currentAddressSince", "date", errorStep, { required: true, dateRule: "past" }),
    ...address("previousAddress1", errorStep, {}),
    f("previousAddress1Since", "date", errorStep, { dateRule: "past" }),
    ...address("previousAddress2", errorStep, {}),
    f("previousAddress2Since", "date", errorStep, { dateRule: "past" }),
  ];
}

/** Declarations on criminal, civil, business-and-employment and regulatory matters (spec 001 §3). */
export function declarations(errorStep: number): FieldDef[] {
  return [
    ...yesNo("criminalRecord", errorStep),
    ...yesNo("civilProceedings", errorStep),
    ...yesNo("businessAndEmploymentMatters", errorStep),
    ...yesNo("regulatoryMatters", errorStep),
    f("declarationTrue", "checkboxes", errorStep, { required: true, min: 1, options: { values: ["CONFIRMED"] } }),
  ];
}

const personalData = (errorStep: number): FieldDef[] => [
  f("firstName", "text", errorStep, { required: true, max: MAX_NAME }),
  f("lastName", "text", errorStep, { required: true, max: MAX_NAME }),
  f("email", "email", errorStep, req),
  f("dob", "date", errorStep, { required: true, dateRule: "adult" }),
  country("nationalityId", errorStep, req),
];

const ranges = (errorStep: number, types: readonly RangeType[]): FieldDef[] =>
  types.map((rangeType) =>
    f(rangeFieldName(rangeType), "select", errorStep, { required: true, options: { ref: "range", rangeType } }),
  );

/** Field name of a range type: MONTHLY_TURNOVER → monthlyTurnoverRangeId. */
export function rangeFieldName(type: RangeType): string {
  const camel = type
    .toLowerCase()
    .split("_")
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
    .join("");
  return `${camel}RangeId`;
}

/** Individual application (spec 001 §2 "Individual application"; error steps §5, seven). */
export const INDIVIDUAL_STEPS: readonly StepDef[] = [
  { id: "personal-data", fields: [...personalData(1), f("taxNumber", "text", 1, { required: true, max: 50 })] },
  {
    id: "additional-information",
    when: "additionalQuestions",
    fields: [
      country("taxResidenceCountryId", 1, req),
      ...yesNo("politicallyExposed", 1),
      f("accountPurpose", "textarea", 1, req),
    ],
  },
  {
    id: "activities",
    fields: [
      f("clientActivityId", "select", 2, { required: true, options: { ref: "activities" } }),
      f("sourceOfFundsIds", "checkboxes", 2, { required: true, min: 1, max: 10, options: { ref: "sourcesOfFunds" } }),
      f("nameOfEmployer", "text", 2),
      f("employeePosition", "text", 2, { max: MAX_NAME }),
      country("countryOfEmployerId", 2),
    ],
  },
  {
    id: "operation-activity",
    fields: ranges(3, [
      "MONTHLY_NUMBER_OF_INCOMING_TRANSACTIONS",
      "MONTHLY_NUMBER_OF_OUTGOING_TRANSACTIONS",
      "MONTHLY_VALUE_OF_INCOMING_TRANSACTIONS",
      "MONTHLY_VALUE_OF_OUTGOING_TRANSACTIONS",
      "MONTHLY_MAX_VALUE_OF_INCOMING_PAYMENT",
      "MONTHLY_MAX_VALUE_OF_OUTGOING_PAYMENT",
    ]),
  },
  {
    id: "services",
    fields: [f("productsIds", "checkboxes", 4, { required: true, min: 1, max: 20, options: { ref: "products" } })],
  },
  { id: "identity-verification", when: "kyc", special: "verification", specialErrorStep: 5, fields: [] },
  {
    id: "sign",
    special: "agreements",
    specialErrorStep: 6,
    agreementsFor: "INDIVIDUAL",
    fields: [...addressHistory(7), ...declarations(7)],
  },
];

const CORPORATE_COMPLIANCE = 13;

/** Corporate application (spec 001 §2 "Corporate application"; error steps §5, fourteen). */
export const CORPORATE_STEPS: readonly StepDef[] = [
  {
    id: "country-and-name",
    fields: [f("companyName", "text", 1, req), country("countryOfIncorporationId", 1, req)],
  },
  {
    id: "personal-data",
    onMainRepresentative: true,
    fields: [...personalData(2), f("position", "text", 2, { required: true, max: MAX_NAME })],
  },
  {
    id: "cof-additional-infromation",
    onMainRepresentative: true,
    fields: [
      f("phone", "phone", 2, req),
      f("taxNumber", "text", 2, { max: 50 }),
      f("nationalInsuranceNumber", "text", 2, { max: 20 }),
      ...address("residentialAddress", 2, req),
      ...yesNo("politicallyExposed", 2),
    ],
  },
  { id: "identity-verification", when: "kyc", special: "verification", fields: [] },
  { id: "cof-agreements", special: "agreements", specialErrorStep: 12, agreementsFor: "MAIN_REPRESENTATIVE", fields: [] },
  {
    id: "business-data",
    fields: [
      ...address("registered", 5, req),
      f("businessAddressSameAsRegistered", "yesno", 5, req),
      ...address("business", 5, { requiredWhen: { field: "businessAddressSameAsRegistered", equals: "NO" } }).map((d) => ({
        ...d,
        shownWhen: { field: "businessAddressSameAsRegistered", equals: "NO" },
        requiredWhen: d.name.endsWith("Address2") ? undefined : { field: "businessAddressSameAsRegistered", equals: "NO" },
        required: false,
      })),
      f("correspondenceAddressSameAsRegistered", "yesno", 5, req),
      ...address("correspondence", 5, {}).map((d) => ({
        ...d,
        shownWhen: { field: "correspondenceAddressSameAsRegistered", equals: "NO" },
        requiredWhen: d.name.endsWith("Address2") ? undefined : { field: "correspondenceAddressSameAsRegistered", equals: "NO" },
      })),
    ],
  },
  {
    id: "registration-information",
    fields: [
      f("dateOfIncorporation", "date", 6, { required: true, dateRule: "past" }),
      f("companyNumber", "text", 6, { required: true, max: 30 }),
      f("sicCodes", "checkboxes", 6, { required: true, min: 1, max: 4, options: { ref: "sicCodes" } }),
      f("websiteLink", "url", 6),
      f("countriesOfInterestIds", "checkboxes", 6, { max: 50, options: { ref: "countries" } }),
      f("businessDescription", "textarea", 6, req),
      f("businessLicense", "yesno", 6, req),
      f("vatNumber", "text", 6, { max: 30 }),
    ],
  },
  {
    id: "additional-information",
    fields: [
      f("typeOfBusinessLicence", "text", CORPORATE_COMPLIANCE, {
        requiredWhen: { field: "businessLicense", equals: "YES" },
      }),
      f("fcaNumber", "text", CORPORATE_COMPLIANCE, { max: 30 }),
      f("icoNumber", "text", CORPORATE_COMPLIANCE, { max: 30 }),
      f("hmrcMlrNumber", "text", CORPORATE_COMPLIANCE, { max: 30 }),
      f("hmrcRegistrationExpiryDate", "date", CORPORATE_COMPLIANCE, { dateRule: "future" }),
      f("numberOfBranches", "integer", CORPORATE_COMPLIANCE, req),
      f("numberOfAgents", "integer", CORPORATE_COMPLIANCE, req),
      f("mlroDetails", "textarea", CORPORATE_COMPLIANCE),
      f("complianceConsultantDetails", "textarea", CORPORATE_COMPLIANCE),
      f("accountantDetails", "textarea", CORPORATE_COMPLIANCE),
      f("itProviderDetails", "textarea", CORPORATE_COMPLIANCE),
      f("payoutPartnerDetails", "textarea", CORPORATE_COMPLIANCE),
      ...yesNo("transactionMonitoring", CORPORATE_COMPLIANCE),
      ...yesNo("screening", CORPORATE_COMPLIANCE),
      ...yesNo("regulatoryInvestigation", CORPORATE_COMPLIANCE),
      ...yesNo("visitedByAuthorities", CORPORATE_COMPLIANCE),
      ...yesNo("onboardingCorporateClients", CORPORATE_COMPLIANCE),
      ...yesNo("onboardingMsbs", CORPORATE_COMPLIANCE),
      ...yesNo("paymentsForCharities", CORPORATE_COMPLIANCE),
      ...yesNo("changesInManagementOrOwnership", CORPORATE_COMPLIANCE),
      ...yesNo("anotherPaymentProvider", CORPORATE_COMPLIANCE),
      ...yesNo("auditedByExternalCompliance", CORPORATE_COMPLIANCE),
      f("directorNationalInsuranceNumbers", "text", CORPORATE_COMPLIANCE, { max: 200 }),
    ],
  },
  {
    id: "suppliers-customers",
    when: "suppliersOrCustomers",
    // Each asked (and required) under its own flag of the scheme (spec 001 §3).
    fields: [
      f("suppliers", "textarea", 7, { required: true, schemeFlag: "suppliersEnabled" }),
      f("customers", "textarea", 7, { required: true, schemeFlag: "customersEnabled" }),
    ],
  },
  { id: "operation-activity", fields: ranges(8, RANGE_TYPES) },
  {
    id: "services",
    fields: [
      f("productsIds", "checkboxes", 9, { required: true, min: 1, max: 20, options: { ref: "products" } }),
      f("deliveryChannelIds", "checkboxes", 9, { max: 10, options: { ref: "deliveryChannels" } }),
    ],
  },
  { id: "cof", special: "officials", fields: [] },
  { id: "add-documents", special: "documents", specialErrorStep: 11, fields: [] },
  {
    id: "sign",
    special: "agreements",
    specialErrorStep: 12,
    agreementsFor: "CORPORATE",
    fields: [...addressHistory(14), ...declarations(14)],
  },
];

/** Company official application (spec 001 §2 "Company official application"). */
export const COMPANY_OFFICIAL_STEPS: readonly StepDef[] = [
  {
    id: "personal-data",
    fields: [
      ...personalData(1),
      f("taxNumber", "text", 1, { max: 50 }),
      f("companyName", "text", 1, req),
      f("companyNumber", "text", 1, { max: 30 }),
      f("position", "text", 1, { required: true, max: MAX_NAME }),
    ],
  },
  {
    id: "additional-information",
    fields: [...address("residentialAddress", 1, req), ...yesNo("politicallyExposed", 1)],
  },
  { id: "identity-verification", when: "kyc", special: "verification", specialErrorStep: 2, fields: [] },
  {
    id: "sign",
    special: "agreements",
    specialErrorStep: 3,
    agreementsFor: "COMPANY_OFFICIAL",
    fields: declarations(4),
  },
];

/** The steps of an application type, in order, before the scheme filters them. */
export function stepsOf(type: ApplicationType): readonly StepDef[] {
  return type === "INDIVIDUAL" ? INDIVIDUAL_STEPS : type === "CORPORATE" ? CORPORATE_STEPS : COMPANY_OFFICIAL_STEPS;
}

/**
 * The fields of a step that a scheme asks: those of a scheme flag (`schemeFlag`) only when the
 * scheme has it on (no scheme: off). The suppliers-customers step asks suppliers under
 * `suppliersEnabled` and customers under `customersEnabled`, each on its own (spec 001 §3).
 */
export function fieldsUnder(step: Pick<StepDef, "fields">, scheme: SchemeFlags | null): readonly FieldDef[] {
  if (!step.fields.some((d) => d.schemeFlag)) return step.fields;
  return step.fields.filter((d) => !d.schemeFlag || Boolean(scheme?.[d.schemeFlag]));
}

/**
 * The steps that apply under a scheme (spec 001 §2), each with the fields the scheme asks
 * (`fieldsUnder`): additional-information only with the extra-questions flag;
 * identity-verification only when kycProvider is not NONE or there is no scheme;
 * suppliers-customers only when the scheme enables suppliers or customers (with the field of
 * each flag that is on).
 */
export function applicableSteps(type: ApplicationType, scheme: SchemeFlags | null): StepDef[] {
  return stepsOf(type)
    .filter((s) => {
      if (s.when === "additionalQuestions") return scheme?.additionalQuestionsActive ?? false;
      if (s.when === "kyc") return !scheme || scheme.kycProvider !== "NONE";
      if (s.when === "suppliersOrCustomers") return fieldsUnder(s, scheme).length > 0;
      return true;
    })
    .map((s) => {
      const fields = fieldsUnder(s, scheme);
      return fields === s.fields ? s : { ...s, fields };
    });
}

/** One step of a type by route segment, or undefined. */
export function findStep(type: ApplicationType, id: string): StepDef | undefined {
  return stepsOf(type).find((s) => s.id === id);
}

/**
 * The spec's error step of a property (spec 001 §5 "error steps": individual seven, corporate
 * fourteen), or null when the property belongs to none (e.g. coreError). Special parts: the
 * identity-verification application (`sumSubApplication`), `agreements` and document
 * categories (`documents`, or a property mentioning a category).
 */
export function errorStepOf(type: ApplicationType, property: string): number | null {
  for (const step of stepsOf(type)) {
    const field = step.fields.find((d) => d.name === property);
    if (field) return field.errorStep;
  }
  if (type === "CORPORATE" && (property === "mainRepresentative" || property.startsWith("mainRepresentative."))) return 2;
  if (type === "CORPORATE" && (property === "documents" || property.startsWith("documents."))) return 11;
  if (property === "agreements") {
    const step = stepsOf(type).find((s) => s.special === "agreements" && s.specialErrorStep);
    return step?.specialErrorStep ?? null;
  }
  if (property === "sumSubApplication") {
    const step = stepsOf(type).find((s) => s.special === "verification");
    return step?.specialErrorStep ?? null;
  }
  return null;
}

/** The route step a property is shown on (for marking the step list), or null. */
export function routeStepOf(type: ApplicationType, property: string): string | null {
  for (const step of stepsOf(type)) if (step.fields.some((d) => d.name === property)) return step.id;
  if (property === "sumSubApplication") return "identity-verification";
  if (property === "documents" || property.startsWith("documents.")) return "add-documents";
  if (property === "officials") return "cof";
  if (property === "agreements") return "sign";
  if (property === "mainRepresentativeAgreements") return "cof-agreements";
  return null;
}
