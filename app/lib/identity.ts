/**
 * Onboarding (identity) helpers shared by the step pages' loaders, actions and components
 * (spec 001 §2 "Identity layout", routes of the individual, corporate and company-official
 * applications; §5 error steps). Pure and client-safe: URLs of the steps, which step comes next,
 * the step list's states, the values a step shows (saved answers with the unsaved drafts on
 * top), reading a posted step, and range labels.
 *
 * Steps are those of the shared catalogue (server/rules/applications/steps.ts); an
 * application's applicable steps come from the API (`Application.steps`), or, before the
 * application exists, from the default scheme (`applicableSteps`).
 */
import type { Application, ApplicationStepState, ApplicationType, ClientRange } from "../../server/api/v1/contract";
import type { FieldDef } from "../../server/rules/applications/steps";
import { dateBounds } from "../../server/rules/applications/validate";
import { zonedDayKey } from "./dates";

/** Answer of one field: a string, or a list for multi-choice fields. */
export type AnswerValue = string | string[];
export type Values = Record<string, AnswerValue>;

/** One option of a select or checkbox group, its label final. */
export interface FieldOption {
  value: string;
  label: string;
}

/** URL segment of each application type (`/identity/<segment>/…`). */
export const SEGMENT_BY_TYPE: Record<ApplicationType, string> = {
  INDIVIDUAL: "individual",
  CORPORATE: "corporate",
  COMPANY_OFFICIAL: "company-official",
};

/** API path segment of each type (`/v1/clients-applications/<segment>`, create and update). */
export const API_SEGMENT_BY_TYPE: Record<ApplicationType, string> = {
  INDIVIDUAL: "individuals",
  CORPORATE: "corporates",
  COMPANY_OFFICIAL: "company-officials",
};

/** The last page of every application: the answers, then submit. */
export const CHECK_ANSWERS = "check-answers";

/** The step whose URL carries the main representative's id (spec 001 §2, spelled so). */
export const MAIN_REPRESENTATIVE_STEP = "cof-additional-infromation";

/** Where an application is on the web: its id, and for CORPORATE the main representative's id. */
export interface ApplicationRef {
  applicationId?: string | null;
  mainRepresentativeId?: string | null;
}

/**
 * The first day a date that must be in the future (`dateRule: "future"`, e.g. the HMRC
 * registration's expiry) may take, as the date picker's `min`: the day after today in
 * Europe/London (the bank's display zone). The API refuses today and earlier by the UTC date,
 * which London's never trails, so the picker never offers a day the API refuses.
 * @returns yyyy-mm-dd
 */
export function firstFutureDay(now: Date = new Date()): string {
  const day = new Date(`${zonedDayKey(now)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The `type`, `min` and `max` of a date input: the days the API takes for the field's rule
 * (`dateBounds`, shared with its check), except that a date in the future starts at `tomorrow`
 * in Europe/London (`firstFutureDay`), which is never before the API's first day.
 */
export function dateInputBounds(
  field: Pick<FieldDef, "dateRule">,
  today: string,
  tomorrow: string,
): { type: "date"; min: string; max: string } {
  const { min, max } = dateBounds(field.dateRule, today);
  return { type: "date", min: field.dateRule === "future" ? tomorrow : min, max };
}

/**
 * Whether a `?new=` value is a creation key: the UUID a start link or a first step's form made
 * (sent as the create call's Idempotency-Key; the API finds the application it created by it).
 */
export function isCreationKey(value: string | null | undefined): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * The application that keeps the user from starting another of `type` (the API's rule, 409
 * APPLICATION_EXISTS): companies any number, so none for CORPORATE; one personal application
 * unless declined; one company-official application at a time (another once it is accepted or
 * declined).
 */
export function openApplicationOf<T extends { type: ApplicationType; status: string }>(
  list: readonly T[],
  type: ApplicationType,
): T | null {
  if (type === "CORPORATE") return null;
  return (
    list.find((a) => a.type === type && a.status !== "DECLINED" && (type === "INDIVIDUAL" || a.status !== "ACCEPTED")) ?? null
  );
}

/**
 * Whether a company official is invited to open a personal account (spec 001 §2 "company
 * officials without an account see an invitation", leading to the individual application): not
 * once they have an INDIVIDUAL organization, nor while they have an individual application that
 * is not DECLINED (in progress, under review or accepted: they continue it or wait for it; the
 * API would refuse another).
 */
export function invitedToPersonalAccount(
  organizations: readonly { type: string }[],
  applications: readonly { type: ApplicationType; status: string }[],
): boolean {
  return !organizations.some((o) => o.type === "INDIVIDUAL") && openApplicationOf(applications, "INDIVIDUAL") === null;
}

/**
 * `path` with `?applicationId=` (kept as the one query parameter that says which application a
 * page is about: every link and form action of a step carries it).
 */
export function withApplicationId(path: string, applicationId: string | null | undefined): string {
  if (!applicationId) return path;
  const sep = path.includes("?") ? "&" : "?";
  return `${path}${sep}applicationId=${encodeURIComponent(applicationId)}`;
}

/**
 * URL of a step (or of check-answers) of an application type.
 * @returns `/identity/<type>/<step>?applicationId=…`; the corporate main representative's step is
 *   `/identity/corporate/<mainRepresentativeId>/cof-additional-infromation`, null while the
 *   application has no main representative yet
 */
export function stepHref(type: ApplicationType, stepId: string, ref: ApplicationRef = {}): string | null {
  const base = `/identity/${SEGMENT_BY_TYPE[type]}`;
  if (stepId === MAIN_REPRESENTATIVE_STEP) {
    if (!ref.mainRepresentativeId) return null;
    return withApplicationId(`${base}/${encodeURIComponent(ref.mainRepresentativeId)}/${stepId}`, ref.applicationId);
  }
  return withApplicationId(`${base}/${stepId}`, ref.applicationId);
}

/**
 * The step after `current` among the applicable steps, or check-answers after the last one
 * (also when `current` is not in the list).
 */
export function nextStepId(stepIds: readonly string[], current: string): string {
  const i = stepIds.indexOf(current);
  return i >= 0 && i + 1 < stepIds.length ? stepIds[i + 1] : CHECK_ANSWERS;
}

/** The step before `current`, or null for the first one (check-answers: the last step). */
export function previousStepId(stepIds: readonly string[], current: string): string | null {
  if (current === CHECK_ANSWERS) return stepIds.length ? stepIds[stepIds.length - 1] : null;
  const i = stepIds.indexOf(current);
  return i > 0 ? stepIds[i - 1] : null;
}

/** Where to continue an application: its first step that is not complete, or check-answers. */
export function continueStepId(steps: readonly ApplicationStepState[]): string {
  return steps.find((s) => s.status !== "complete")?.id ?? CHECK_ANSWERS;
}

/** State of one entry of the step list (spec 001 §2: active, disabled, error, checked). */
export type StepListState = "active" | "disabled" | "error" | "checked" | "todo";

export interface StepListItem {
  id: string;
  /** Link of the step; null when disabled (rendered as text) or the current page. */
  href: string | null;
  state: StepListState;
}

/** The step list of a page: entries in order, and the current one's position. */
export interface StepNav {
  type: ApplicationType;
  items: StepListItem[];
  /** 1-based position of the current step in `items` (0 on check-answers). */
  current: number;
  total: number;
  checkAnswersHref: string | null;
  /** True on check-answers. */
  checkAnswersActive: boolean;
}

/**
 * Build the step list (spec 001 §2 "Identity layout"): the current page is active; while the
 * application has no id every other step is disabled; otherwise a step the API marks `error` is
 * error, `complete` is checked, the rest plain links.
 * @param steps applicable steps in order with their API state (state `incomplete` before the
 *   application exists)
 * @param current the page's step id, or `check-answers`
 */
export function buildStepNav(
  type: ApplicationType,
  steps: readonly ApplicationStepState[],
  current: string,
  ref: ApplicationRef,
): StepNav {
  const hasId = Boolean(ref.applicationId);
  const items = steps.map((s): StepListItem => {
    if (s.id === current) return { id: s.id, href: null, state: "active" };
    const href = hasId ? stepHref(type, s.id, ref) : null;
    if (!href) return { id: s.id, href: null, state: "disabled" };
    return { id: s.id, href, state: s.status === "error" ? "error" : s.status === "complete" ? "checked" : "todo" };
  });
  const index = steps.findIndex((s) => s.id === current);
  return {
    type,
    items,
    current: index + 1,
    total: steps.length,
    checkAnswersHref: hasId && current !== CHECK_ANSWERS ? stepHref(type, CHECK_ANSWERS, ref) : null,
    checkAnswersActive: current === CHECK_ANSWERS,
  };
}

/**
 * The values a step shows: the saved answers of its fields with the step's drafts on top (what
 * the applicant typed last, refused or not yet saved, wins), then `prefill` for fields still
 * empty (query parameters, the user's profile).
 */
export function shownValues(
  fields: readonly Pick<FieldDef, "name">[],
  answers: Values,
  draft: Values | undefined,
  prefill: Values = {},
): Values {
  const out: Values = {};
  for (const { name } of fields) {
    if (draft && name in draft) out[name] = draft[name];
    else if (name in answers) out[name] = answers[name];
    else if (name in prefill) out[name] = prefill[name];
  }
  return out;
}

/**
 * A step's fields as its page asks them: a condition naming a field of another step (the type of
 * business licence, required once registration-information answered YES to a licence) is
 * settled by the application's saved answers — the field is required or not (the input's
 * `required`), shown or left out — as the API checks it (validateStep's `context`). Conditions on
 * the step's own fields stay for the page to follow.
 */
export function fieldsAsAsked<F extends Pick<FieldDef, "name" | "required" | "requiredWhen" | "shownWhen">>(
  fields: readonly F[],
  answers: Values,
): F[] {
  const own = new Set(fields.map((f) => f.name));
  const out: F[] = [];
  for (const field of fields) {
    let asked = field;
    const shown = field.shownWhen;
    if (shown && !own.has(shown.field)) {
      if (answers[shown.field] !== shown.equals) continue;
      asked = { ...asked, shownWhen: undefined };
    }
    const when = field.requiredWhen;
    if (when && !own.has(when.field)) asked = { ...asked, required: asked.required || answers[when.field] === when.equals };
    out.push(asked);
  }
  return out;
}

/**
 * A posted step's values, for each field of the step: lists (`getAll`) for checkboxes, the
 * string otherwise; a field absent from the form is sent empty (an unticked group, an
 * unanswered question), so saving clears it.
 */
export function readStepValues(form: FormData, fields: readonly Pick<FieldDef, "name" | "kind">[]): Values {
  const out: Values = {};
  for (const f of fields) {
    if (f.kind === "checkboxes") {
      out[f.name] = form.getAll(f.name).filter((v): v is string => typeof v === "string" && v !== "");
    } else {
      const v = form.get(f.name);
      out[f.name] = typeof v === "string" ? v : "";
    }
  }
  return out;
}

/** "1234567.50" → "1,234,567.50"; "10000.00" → "10,000" (whole numbers without decimals). String arithmetic only. */
export function formatRangeNumber(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const whole = m[2].replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = m[3] && /[1-9]/.test(m[3]) ? `.${m[3]}` : "";
  return `${m[1]}${whole}${fraction}`;
}

/**
 * Label of a client range (spec 001 §3 "Labels read 'From X to Y', and 'Over X' for the last tier").
 * @param t translator; keys `identity:ranges.from-to` ({{from}}, {{to}}) and `identity:ranges.over` ({{from}})
 */
export function rangeLabel(
  range: Pick<ClientRange, "from" | "to">,
  t: (key: string, o: Record<string, string>) => string,
): string {
  const from = formatRangeNumber(range.from);
  return range.to === null
    ? t("identity:ranges.over", { from })
    : t("identity:ranges.from-to", { from, to: formatRangeNumber(range.to) });
}

/** Display of a stored date answer `yyyy-mm-dd` as dd.mm.yyyy (other text unchanged). */
export function formatAnswerDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** True when a value is empty (no text, no item). */
export function isBlank(v: AnswerValue | undefined): boolean {
  return v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === "");
}

/** An internal path a form may send the user to after saving (`returnTo`), or null when unsafe. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  return /^\/(identity|home)(\/|\?|$)/.test(value) ? value : null;
}

/**
 * The identity layout's data for a page of an existing application (`identityNav` in a loader's
 * data): its step list with `stepId` active, and the back link (the previous applicable step, or
 * /identity; `backHref` overrides it, e.g. an official's page back to the cof list).
 */
export function identityNavOf(
  app: Pick<Application, "type" | "id" | "steps" | "mainRepresentative">,
  stepId: string,
  backHref?: string,
): { nav: StepNav; backHref: string } {
  const ref = { applicationId: app.id, mainRepresentativeId: app.mainRepresentative?.id ?? null };
  const previous = previousStepId(
    app.steps.map((s) => s.id),
    stepId,
  );
  return {
    nav: buildStepNav(app.type, app.steps, stepId, ref),
    backHref: backHref ?? ((previous && stepHref(app.type, previous, ref)) || "/identity"),
  };
}
