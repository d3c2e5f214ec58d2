/**
 * Pure helpers of the special onboarding steps (issue 8; spec 001 §2 routes, §3 company officials
 * and document categories, §5 server error mapping): identity-verification (all three types),
 * the corporate cof step (directors, shareholders, UBOs) and add-documents. Client-safe: no
 * server imports; the route modules' loaders and actions are in `identity-special.server.ts`.
 */
import type {
  ApiFieldError,
  Application,
  ApplicationDocument,
  ApplicationOfficial,
  ApplicationSummary,
  ApplicationType,
} from "../../server/api/v1/contract";
import { OFFICIAL_FIELDS } from "../../server/rules/applications/fields";
import { stepsOf } from "../../server/rules/applications/steps";
import {
  FORM_ERROR_FIELD,
  humanisePropertyName,
  INTERNAL_ERROR_KEY,
  isFieldError,
  mapServerErrors,
  type Translate,
} from "./server-errors";

/** Web route segment of an application type: /identity/<segment>/… (spec 001 §2). */
export const TYPE_SEGMENTS: Record<ApplicationType, string> = {
  INDIVIDUAL: "individual",
  CORPORATE: "corporate",
  COMPANY_OFFICIAL: "company-official",
};

/** API segment of a type: PUT /v1/clients-applications/<segment>/:id. */
export const API_SEGMENTS: Record<ApplicationType, string> = {
  INDIVIDUAL: "individuals",
  CORPORATE: "corporates",
  COMPANY_OFFICIAL: "company-officials",
};

/** First step of each type: where an applicant without an application of that type starts. */
export const FIRST_STEPS: Record<ApplicationType, string> = {
  INDIVIDUAL: "personal-data",
  CORPORATE: "country-and-name",
  COMPANY_OFFICIAL: "personal-data",
};

/** A path with `?applicationId=` (the application the step pages work on). */
export function withApplicationId(path: string, applicationId: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}applicationId=${encodeURIComponent(applicationId)}`;
}

/**
 * The web path of a step of an application (spec 001 §2), with its `?applicationId=`.
 * `cof-additional-infromation` (spelled so) sits under the main representative's id.
 * @param app the application's id and, for CORPORATE, its main representative's id
 */
export function stepHref(
  type: ApplicationType,
  stepId: string,
  app: { id: string; mainRepresentativeId?: string | null },
): string {
  const base = `/identity/${TYPE_SEGMENTS[type]}`;
  const path =
    stepId === "cof-additional-infromation" && app.mainRepresentativeId
      ? `${base}/${encodeURIComponent(app.mainRepresentativeId)}/${stepId}`
      : `${base}/${stepId}`;
  return withApplicationId(path, app.id);
}

/**
 * Where "Continue" goes after `stepId`: the next applicable step of the application (its
 * `steps`, in the catalogue's order), or /identity after the last one (or for an unknown step).
 */
export function nextStepHref(app: Pick<Application, "id" | "type" | "steps" | "mainRepresentative">, stepId: string): string {
  // A step that does not apply (identity-verification under a NONE scheme): the next applicable
  // one after its place in the catalogue.
  const catalogue = stepsOf(app.type).map((s) => s.id);
  const at = catalogue.indexOf(stepId);
  const next = app.steps.find((s) => catalogue.indexOf(s.id) > at && at !== -1);
  if (!next) return "/identity";
  return stepHref(app.type, next.id, { id: app.id, mainRepresentativeId: app.mainRepresentative?.id ?? null });
}

/**
 * The application a step page works on when the URL names none: the user's most recently
 * updated INCOMPLETE application of `type` (GET /v1/clients-applications?all=true), or null.
 */
export function latestIncomplete(list: readonly ApplicationSummary[], type: ApplicationType): string | null {
  const candidates = list.filter((a) => a.type === type && a.status === "INCOMPLETE");
  candidates.sort((a, b) => (b.updatedAt ?? b.createdAt).localeCompare(a.updatedAt ?? a.createdAt));
  return candidates[0]?.id ?? null;
}

// ---------------------------------------------------------------- identity verification

export type VerificationStatus = "NOT_STARTED" | "PENDING" | "COMPLETED" | "REJECTED";
export const SANDBOX_OUTCOMES = ["APPROVE", "REJECT"] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export function isSandboxOutcome(v: unknown): v is SandboxOutcome {
  return typeof v === "string" && (SANDBOX_OUTCOMES as readonly string[]).includes(v);
}

/**
 * What the verification page shows (spec 001 §2; issue 8 "the scheme's kycProvider decides"):
 * the provider (the application's verification, else the scheme's), its status, and whether the
 * step applies at all (NONE skips it) and runs in the embedded sandbox.
 */
export function verificationView(app: Pick<Application, "scheme" | "verification">): {
  provider: string;
  status: VerificationStatus;
  applies: boolean;
  sandbox: boolean;
} {
  const provider = app.verification?.provider ?? app.scheme?.kycProvider ?? "SANDBOX";
  const status = app.verification?.status ?? "NOT_STARTED";
  return { provider, status, applies: provider !== "NONE", sandbox: provider === "SANDBOX" };
}

// ---------------------------------------------------------------- company officials (cof)

/** Names of the official form's fields, in display order (OFFICIAL_FIELDS of the step catalogue). */
export const OFFICIAL_FIELD_NAMES: readonly string[] = OFFICIAL_FIELDS.map((f) => f.name);

/**
 * The company official's add form's hidden field: a UUID made by its loader, sent as the add
 * call's Idempotency-Key, so a double submit (or a post sent again) adds one official.
 */
export const OFFICIAL_KEY_FIELD = "idempotencyKey";

/** Form values as strings, by field name. */
export type FormValues = Record<string, string>;

/** A saved official as the form's values (null properties left out). */
export function officialFormValues(official: ApplicationOfficial): FormValues {
  const out: FormValues = {};
  for (const name of OFFICIAL_FIELD_NAMES) {
    const v = (official as unknown as Record<string, unknown>)[name];
    if (typeof v === "string" && v !== "") out[name] = v;
  }
  return out;
}

/**
 * The `values` body of POST/PUT …/company-officials from a submitted form: every official field,
 * trimmed, "" for an empty one (so an edit can clear an optional field). Other names are ignored.
 */
export function officialValuesFrom(form: { get(name: string): unknown }): FormValues {
  const out: FormValues = {};
  for (const name of OFFICIAL_FIELD_NAMES) {
    const v = form.get(name);
    out[name] = typeof v === "string" ? v.trim().slice(0, 2000) : "";
  }
  return out;
}

/** "Ada Lovelace" from an official's names, or null when it has none. */
export function officialName(o: Pick<ApplicationOfficial, "firstName" | "lastName">): string | null {
  const name = [o.firstName, o.lastName].filter(Boolean).join(" ").trim();
  return name || null;
}

// ---------------------------------------------------------------- errors

/**
 * The key and values of a step rule's refusal `identity:errors.<id>`. A date outside its kind's
 * bounds (`dateTooEarly`, `dateTooLate`: server/rules/applications/validate.ts `dateBounds`)
 * names the bound the API checked, which its text ends with ("dob must be on or after
 * 1896-01-15"): `identity:errors.<id>-bound` with `{{date}}` as the pages print dates
 * (dd.mm.yyyy); without one the plain key ("check the year").
 * @param id the constraint id
 * @param text the API's constraint text
 */
export function identityErrorKey(id: string, text: string): { key: string; values: { date?: string } } {
  const bound = /(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if ((id === "dateTooEarly" || id === "dateTooLate") && bound)
    return { key: `identity:errors.${id}-bound`, values: { date: `${bound[3]}.${bound[2]}.${bound[1]}` } };
  return { key: `identity:errors.${id}`, values: {} };
}

/**
 * Field errors (ApiFieldError list, or an error answer's body) on the fields of an identity form
 * (spec 001 §5; the step rules' constraint ids, server/rules/applications/validate.ts): on a
 * field, the first constraint as `identity:errors.<id>` (the API's text, its property name made
 * readable, when the key is missing); `coreError`, plain messages and properties without a field
 * under `_form` (joined with ', '); a body that is none of these: the internal-error message.
 * @param fields the form's field names
 * @param aliases show a property's errors on another field (e.g. `documents.OTHER` → `files-OTHER`)
 * @param labelOf the `{{label}}` of a message ("Date of birth must be a real date"): the field's
 *   label; by default the property name made readable
 */
export function identityFieldErrors(
  source: unknown,
  fields: readonly string[],
  t: Translate,
  aliases: (property: string) => string | null = () => null,
  labelOf: (property: string) => string = humanisePropertyName,
): Record<string, string> {
  const body = Array.isArray(source) ? { message: source } : source;
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  if (!Array.isArray(message)) {
    // A plain message (a coded refusal) or no body: the shared mapping's global error.
    const mapped = mapServerErrors(body, [], t);
    return { [FORM_ERROR_FIELD]: mapped.globalError ?? t(INTERNAL_ERROR_KEY, { defaultValue: INTERNAL_TEXT }) };
  }
  const out: Record<string, string> = {};
  const general: string[] = [];
  for (const item of message as unknown[]) {
    if (typeof item === "string") {
      general.push(item);
      continue;
    }
    if (!isFieldError(item)) continue;
    const first = Object.entries(item.constraints)[0];
    if (!first) continue;
    const [id, raw] = first;
    if (item.property === "coreError") {
      general.push(t(`errors:constraints.${id}`, { defaultValue: String(raw) }));
      continue;
    }
    const defaultValue = String(raw).replace(item.property, humanisePropertyName(item.property));
    const special = specialErrorKey(item.property);
    const text = special
      ? t(special.key, { defaultValue, ...special.options(t) })
      : t(identityErrorKey(id, String(raw)).key, {
          defaultValue,
          label: labelOf(item.property),
          ...identityErrorKey(id, String(raw)).values,
        });
    const field = fields.includes(item.property) ? item.property : aliases(item.property);
    if (field && fields.includes(field)) out[field] ??= text;
    else general.push(text);
  }
  if (general.length === 0 && Object.keys(out).length === 0 && message.length > 0) {
    return { [FORM_ERROR_FIELD]: t(INTERNAL_ERROR_KEY, { defaultValue: INTERNAL_TEXT }) };
  }
  return general.length ? { ...out, [FORM_ERROR_FIELD]: [...new Set(general)].join(", ") } : out;
}

const INTERNAL_TEXT = "Internal Server Error. Try Again";

/**
 * Messages of the special steps' completion errors (the API's `sumSubApplication`, `officials`,
 * `documents.<CATEGORY>` properties), which are not field rules of the step catalogue.
 */
export function specialErrorKey(property: string): { key: string; options: (t: Translate) => Record<string, string> } | null {
  if (property === "sumSubApplication") return { key: "identity:verification.errors.not-verified", options: () => ({}) };
  if (property === "officials") return { key: "identity:officials.errors.none", options: () => ({}) };
  const m = /^documents\.([A-Z_]+)$/.exec(property);
  if (m) {
    const category = m[1];
    return {
      key: "identity:documents.errors.required",
      options: (t) => ({ category: t(`identity:documents.categories.${category}`, { defaultValue: category }) }),
    };
  }
  return null;
}

/**
 * The stored errors of a special step (Application.errors[step], from its last save or a refused
 * submit) that still hold: the completion errors the applicant has since fixed (an official added,
 * a file of the category uploaded, the check verified) are left out until the step is saved again.
 */
export function currentStepErrors(
  app: Pick<Application, "errors" | "officials" | "documents" | "verification">,
  step: string,
): ApiFieldError[] {
  return (app.errors?.[step] ?? []).filter((e) => {
    if (e.property === "officials") return app.officials.length === 0;
    if (e.property === "sumSubApplication") return app.verification?.status !== "COMPLETED";
    const m = /^documents\.([A-Z_]+)$/.exec(e.property);
    if (m) return !app.documents.some((d) => d.category === m[1]);
    return true;
  });
}

// ---------------------------------------------------------------- documents

/** The id of a category's file input on add-documents (its form and error target). */
export function filesFieldId(category: string): string {
  return `files-${category}`;
}

/** Where a document error property goes: `documents.<CATEGORY>` (or `…<CATEGORY>…`) → that category's input. */
export function documentErrorField(property: string, categories: readonly string[]): string | null {
  const m = /^documents\.([A-Z_]+)/.exec(property);
  if (m && categories.includes(m[1])) return filesFieldId(m[1]);
  const named = categories.find((c) => property.includes(c));
  return named ? filesFieldId(named) : null;
}

/** One category of add-documents: its files, and whether the scheme requires it. */
export interface DocumentGroup {
  category: string;
  required: boolean;
  documents: ApplicationDocument[];
}

/**
 * Documents grouped by category (spec 001 §3 document categories): the allowed categories in
 * their order, then categories of uploaded documents that are no longer allowed (still listed,
 * so they can be removed). Required: in the scheme's `requiredDocumentCategories`.
 */
export function groupDocuments(
  allowed: readonly string[],
  documents: readonly ApplicationDocument[],
  required: readonly string[],
): DocumentGroup[] {
  const order = [...new Set([...allowed, ...documents.map((d) => d.category)])];
  return order.map((category) => ({
    category,
    required: required.includes(category),
    documents: documents.filter((d) => d.category === category),
  }));
}

/** The download link of an application document (resource route corporate+/add-documents_.$documentId.tsx). */
export function documentHref(applicationId: string, documentId: string): string {
  return withApplicationId(`/identity/corporate/add-documents/${encodeURIComponent(documentId)}`, applicationId);
}
