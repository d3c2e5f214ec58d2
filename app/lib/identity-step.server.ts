/**
 * Loader and action of the field steps of the applications (spec 001 §2 routes; issue 8
 * "Behaviour"). Every step route module is a thin wrapper:
 *   export const loader = (args: LoaderFunctionArgs) => stepLoader(args, "INDIVIDUAL", "personal-data");
 *   export const action = (args: ActionFunctionArgs) => stepAction(args, "INDIVIDUAL", "personal-data");
 *
 * Loader: the application (lib/identity.server.ts; a step its scheme does not ask goes on to the
 * next one that it does), the values shown (answers with the step's
 * drafts on top, then prefill: the corporate personal-data page's query — firstName, lastName,
 * email, nationalityId, dob — and the user's profile), the step's errors as messages, the
 * options of its selects and checkbox groups, the agreements of an agreement step, the SIC
 * search's matches (`?sicSearch=`). Answers kept when a save met an expired session
 * (kept-form.server.ts) are shown on top, unsaved, with a notice (`kept`).
 *
 * Action (PRG): saves `{ step, values, partial, agreementIds }` (POST creates the application,
 * with the page's `?new=` creation key as its Idempotency-Key; PUT updates it), then redirects:
 * - intent `later` ("Save and come back later", partial): to `returnTo` when the unsaved-changes
 *   dialog sent one, else to /identity;
 * - intent `search-sic` (partial): back to the step with `?sicSearch=`;
 * - intent `language` (the language switcher, which sends the step form): the typed values kept
 *   (`switchLanguage`), then the step again in the chosen language;
 * - otherwise: back to the step while `errors[step]` is not empty, else the next applicable step
 *   (check-answers after the last).
 * A submitted application (409 APPLICATION_NOT_EDITABLE) goes back to its read-only step; another
 * refusal (409 APPLICATION_EXISTS: one open individual or company-official application at a
 * time; 400 …) comes back as `{ formError, values }` with what was typed.
 */
import { json, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApplicationType, WhoAmI } from "../../server/api/v1/contract";
import { fieldsUnder, findStep, stepsOf, type FieldDef, type StepDef } from "../../server/rules/applications/steps";
import { ApiError, requireUser, type Api } from "./api.server";
import { verifyCsrf } from "./csrf.server";
import { formatDate } from "./dates";
import {
  CHECK_ANSWERS,
  fieldsAsAsked,
  firstFutureDay,
  isCreationKey,
  MAIN_REPRESENTATIVE_STEP,
  nextStepId,
  readStepValues,
  safeReturnTo,
  shownValues,
  stepHref,
  withApplicationId,
  type FieldOption,
  type StepNav,
  type Values,
} from "./identity";
import { defaultSchemeFlags, fieldOptions, searchSicCodes, textareaMaxRowsSetting } from "./identity-reference.server";
import { TEXTAREA_MAX_ROWS_DEFAULT } from "./textarea-rows";
import { applicationRef, identityStepContext, saveStep, stepErrorMessages, stepStates } from "./identity.server";
import i18next, { languageChoiceCookie } from "./i18next.server";
import { mapServerErrors, toFieldErrors } from "./server-errors";

/** Query parameters that may pre-fill the corporate personal-data page (spec 001 §2). */
const QUERY_PREFILL = ["firstName", "lastName", "email", "nationalityId", "dob"] as const;

/** An agreement of an agreement step, ready to show. */
export interface StepAgreement {
  id: string;
  title: string;
  version: string;
  /** dd.mm.yyyy when signed, else null. */
  signedOn: string | null;
  href: string;
}

/** Step list and back link of an identity page, read by the identity layout. */
export interface IdentityNavData {
  nav: StepNav | null;
  backHref: string | null;
  /**
   * True on a step page with its (editable) step form, and on the company official's add/edit
   * form: the layout's language switcher sends that form (intent `language`), so what was typed
   * is kept across the switch.
   */
  stepForm?: boolean;
}

/** What the generic step page renders (loader data). */
export interface StepPageData {
  type: ApplicationType;
  stepId: string;
  /**
   * The step's fields (of the catalogue, server/rules/applications/steps.ts), so the page does
   * not ship the whole catalogue to the browser.
   */
  fields: readonly FieldDef[];
  applicationId: string | null;
  editable: boolean;
  values: Values;
  /** True when `values` include answers kept at a session expiry (not saved yet). */
  kept: boolean;
  errors: Record<string, string>;
  options: Record<string, FieldOption[]>;
  agreements: StepAgreement[] | null;
  sicSearch: string;
  sicMatches: number | null;
  actionHref: string;
  draftHref: string;
  /** Today, yyyy-mm-dd (date inputs' min/max; the API's today, UTC). */
  today: string;
  /** The first day of a date that must be in the future (its input's min): tomorrow in Europe/London. */
  tomorrow: string;
  /** Rows a textarea grows to (GET /v1/settings/clients-settings, cached; 10 when unread). */
  textareaMaxRows: number;
  identityNav: IdentityNavData;
  /**
   * A save of this page met the application already submitted (in another tab or window): what
   * was typed here was not saved, and the read-only page says so.
   */
  notSaved: boolean;
}

/** The catalogue step of a route, or a 404. */
function stepOf(type: ApplicationType, stepId: string): StepDef {
  const step = findStep(type, stepId);
  if (!step) throw new Response("Not found", { status: 404 });
  return step;
}

/** Today as `yyyy-mm-dd` by the UTC date: the API's today (its date rules), so date inputs' limits match it. */
export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Values that fill empty fields of a personal-data page: the query (corporate), then the profile. */
function prefillOf(type: ApplicationType, stepId: string, url: URL, profile: Values): Values {
  if (stepId !== "personal-data") return {};
  const out: Values = { ...profile };
  if (type === "CORPORATE")
    for (const k of QUERY_PREFILL) {
      const v = url.searchParams.get(k);
      if (v) out[k] = v.slice(0, 200);
    }
  return out;
}

/** The user's profile as values that fill a personal-data page's empty fields. */
function profileValues(user: WhoAmI): Values {
  const profile: Values = {};
  for (const [k, v] of Object.entries({ ...user.profile, email: user.email })) if (typeof v === "string" && v) profile[k] = v;
  return profile;
}

/** Loader of a field step page (see module header). */
export async function stepLoader({ request, params }: LoaderFunctionArgs, type: ApplicationType, stepId: string) {
  const step = stepOf(type, stepId);
  const ctx = await identityStepContext(
    request,
    type,
    stepId,
    stepId === MAIN_REPRESENTATIVE_STEP ? { mainRepresentativeId: params.mainRepresentativeId ?? "" } : {},
  );
  const { api, application: app, user, t } = ctx;
  const url = new URL(request.url);
  if (!ctx.stepIds.includes(stepId)) {
    // Not asked under this application's scheme (e.g. additional-information without the
    // extra-questions flag): on to the next step that is.
    const order = stepsOf(type).map((s) => s.id);
    const after = order.slice(order.indexOf(stepId) + 1).find((id) => ctx.stepIds.includes(id)) ?? CHECK_ANSWERS;
    throw redirect(stepHref(type, after, ctx.ref) ?? "/identity", { headers: await api.headers() });
  }
  // The fields this application's scheme asks (suppliers and customers each under its own flag).
  const fields = step.fields.some((f) => f.schemeFlag)
    ? fieldsUnder(step, app ? app.scheme : await defaultSchemeFlags(api, type))
    : step.fields;
  let values = shownValues(fields, app?.answers ?? {}, app?.drafts?.[stepId], prefillOf(type, stepId, url, profileValues(user)));
  // Answers a post brought to an expired session, kept for this person's next login: shown unsaved.
  const kept = await api.keptForm();
  const editable = app?.editable ?? true;
  if (kept && editable) values = { ...values, ...readStepValues(kept, fields) };
  const sicField = fields.find((f) => f.options && "ref" in f.options && f.options.ref === "sicCodes");
  const sicSearch = sicField ? (url.searchParams.get("sicSearch") ?? "").slice(0, 100) : "";
  const sicMatches = sicSearch ? await searchSicCodes(api, sicSearch) : [];
  const chosenSic = sicField ? [values[sicField.name] ?? []].flat() : [];
  const lang = await i18next.getLocale(request);
  const options = await fieldOptions(api, type, fields, t, lang, { chosen: chosenSic, matches: sicMatches });
  const agreements =
    step.special === "agreements"
      ? (app?.agreements ?? [])
          .filter((a) => a.clientType === step.agreementsFor)
          .map((a) => ({
            id: a.id,
            title: a.title,
            version: a.version,
            signedOn: a.signedAt ? formatDate(a.signedAt) : null,
            href: `/identity/agreements/${encodeURIComponent(a.id)}/file`,
          }))
      : null;
  const data: StepPageData = {
    type,
    stepId,
    fields: fieldsAsAsked(fields, app?.answers ?? {}),
    applicationId: app?.id ?? null,
    editable,
    values,
    kept: Boolean(kept && editable),
    notSaved: !editable && url.searchParams.get("notSaved") === "1",
    errors: stepErrorMessages(app?.errors?.[stepId], fields, t),
    options,
    agreements,
    sicSearch,
    sicMatches: sicSearch ? sicMatches.length : null,
    actionHref: ctx.selfHref,
    draftHref: "/identity/draft",
    today: todayIso(),
    tomorrow: firstFutureDay(),
    textareaMaxRows: fields.some((f) => f.kind === "textarea") ? await textareaMaxRowsSetting(api) : TEXTAREA_MAX_ROWS_DEFAULT,
    identityNav: { nav: ctx.nav, backHref: ctx.backHref, stepForm: editable },
  };
  return json(data, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

/** What the action answers when the API refused the save as a whole (the page shows it with what was typed). */
export interface StepActionData {
  formError: string;
  values: Values;
}

/** Whether two answers are the same (absent = empty). */
function sameAnswer(a: Values[string] | undefined, b: Values[string] | undefined): boolean {
  const list = (v: Values[string] | undefined) => (v === undefined ? [] : [v].flat().filter((x) => x !== ""));
  return list(a).join("\u0000") === list(b).join("\u0000");
}

/**
 * Intent `language`: the language switcher of a step page sends the step form (its select and
 * button belong to it: components/layout/LanguageSwitcher.tsx), so what was typed is kept before
 * the page comes back in the chosen language — with or without JavaScript:
 * - an application that exists: the typed values become the step's draft (PUT …/drafts,
 *   unchecked, nothing saved as an answer: as when JavaScript sends the draft of a page left),
 *   shown on the step until it is saved;
 * - none yet: when something was typed (values other than the profile's pre-fill), a "save and
 *   come back later" creates it (with the page's creation key) and the step comes back with its
 *   id; an untouched form creates nothing.
 * Then the `lng` cookie (an unknown language changes nothing) and a full page load
 * (`redirectDocument`: with JavaScript too, every namespace in the new language). A refused
 * save does not stop the switch (a submitted application's step shows read-only).
 */
async function switchLanguage(input: {
  api: Api;
  type: ApplicationType;
  step: StepDef;
  url: URL;
  applicationId: string | null;
  creationKey: string | null;
  values: Values;
  lng: FormDataEntryValue | null;
  user: WhoAmI;
}) {
  const { api, type, step, url, applicationId, creationKey, values, lng } = input;
  let to =
    url.pathname +
    (applicationId ? `?applicationId=${encodeURIComponent(applicationId)}` : creationKey ? `?new=${creationKey}` : "");
  try {
    if (applicationId && step.fields.length)
      await api.request("PUT", `/clients-applications/${encodeURIComponent(applicationId)}/drafts`, {
        body: { step: step.id, values },
      });
    if (!applicationId) {
      const prefill = shownValues(step.fields, {}, undefined, prefillOf(type, step.id, url, profileValues(input.user)));
      if (step.fields.some((f) => !sameAnswer(values[f.name], prefill[f.name]))) {
        const app = await saveStep(api, type, null, { step: step.id, values, partial: true }, creationKey);
        to = stepHref(type, step.id, applicationRef(app)) ?? to;
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  const headers = await api.headers();
  const language = await languageChoiceCookie(lng);
  if (language) headers.append("Set-Cookie", language);
  return redirectDocument(to, { headers });
}

/** Action of a field step page (see module header). */
export async function stepAction({ request }: ActionFunctionArgs, type: ApplicationType, stepId: string) {
  const step = stepOf(type, stepId);
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const url = new URL(request.url);
  const intent = form.get("intent");
  const partial = intent === "later" || intent === "search-sic";
  const applicationId = url.searchParams.get("applicationId") || null;
  // Before the application exists: the page's creation key (`?new=`, identity.server.ts).
  const fresh = url.searchParams.get("new");
  const creationKey = !applicationId && isCreationKey(fresh) ? fresh : null;
  const values = readStepValues(form, step.fields);
  if (intent === "language")
    return switchLanguage({ api, type, step, url, applicationId, creationKey, values, lng: form.get("lng"), user });
  const agreementIds =
    step.special === "agreements"
      ? form.getAll("agreementIds").filter((v): v is string => typeof v === "string" && v !== "")
      : undefined;
  let app;
  try {
    app = await saveStep(api, type, applicationId, { step: stepId, values, partial, agreementIds }, creationKey);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("Not found", { status: 404, headers: await api.headers() });
    // Submitted meanwhile (another tab or window): the step shows read-only, saying that what was
    // typed on this page was not saved (`notSaved`), rather than dropping it silently.
    if (error.status === 409 && applicationId) {
      const href = stepHref(type, stepId, { applicationId });
      const notSaved = error.body.code === "APPLICATION_NOT_EDITABLE" && intent !== "language";
      throw redirect(href ? `${href}${notSaved ? "&notSaved=1" : ""}` : "/identity", { headers: await api.headers() });
    }
    // The key's application was submitted meanwhile (another tab): its address shows it, read-only.
    if (error.status === 409 && creationKey && error.body.code === "APPLICATION_NOT_EDITABLE")
      throw redirect(`${url.pathname}?new=${creationKey}`, { headers: await api.headers() });
    const t = (await i18next.getFixedT(request, ["identity", "errors"])) as unknown as (
      k: string,
      o?: Record<string, unknown>,
    ) => string;
    const formError =
      error.body.code === "APPLICATION_EXISTS"
        ? t("identity:form.exists")
        : Object.values(toFieldErrors(mapServerErrors(error.body, [], (k, o) => t(k, o)))).join(", ");
    const data: StepActionData = { formError, values };
    return json(data, { status: error.status >= 500 ? 502 : 400, headers: await api.headers() });
  }
  const ref = applicationRef(app);
  const headers = await api.headers();
  if (intent === "later") {
    const back = safeReturnTo(form.get("returnTo"));
    throw redirect(back ?? `/identity?saved=${encodeURIComponent(app.id)}`, { headers });
  }
  if (intent === "search-sic") {
    const search = String(form.get("sicSearch") ?? "").slice(0, 100);
    const here = stepHref(type, stepId, ref) ?? withApplicationId(`/identity`, app.id);
    throw redirect(`${here}&sicSearch=${encodeURIComponent(search)}#sicCodes-search`, { headers });
  }
  if ((app.errors?.[stepId] ?? []).length > 0) throw redirect(stepHref(type, stepId, ref) ?? "/identity", { headers });
  const ids = (await stepStates(api, type, app)).map((s) => s.id);
  throw redirect(stepHref(type, nextStepId(ids, stepId), ref) ?? stepHref(type, "check-answers", ref)!, { headers });
}
