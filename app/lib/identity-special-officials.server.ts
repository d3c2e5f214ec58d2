/**
 * Server side of the corporate cof step (issue 8; spec 001 §2 "cof (company officials: directors,
 * shareholders and UBOs with position, percentage, nature of control DIRECT/INDIRECT)", §3
 * "Company official", §5 server error mapping, §7 Applications):
 * - /identity/corporate/cof: the list (Application.officials) and "Continue" (PUT
 *   /v1/clients-applications/corporates/:id {step:"cof"} → add-documents, or back with errors);
 * - /identity/corporate/cof/:officialId (`new` to add): the form of OFFICIAL_FIELDS
 *   (server/rules/applications/steps.ts) → POST …/corporates/:id/company-officials or PUT
 *   …/company-officials/:officialId; a 400 comes back on the fields with what was typed;
 *   `?remove=1` is the removal's confirmation page, whose POST (intent=delete) calls DELETE
 *   …/company-officials/:officialId.
 * Every answer is PRG: back to the list with `notice=added|saved|removed` (or, from the
 * unsaved-changes popup's "save and close", to the link it held: `returnTo`). The add/edit form's
 * answers are kept when its save meets an expired session (its path is one kept-form.server.ts
 * keeps), and its loader shows them after the next login.
 */
import { json, redirect, redirectDocument } from "@remix-run/node";
import type { ApplicationOfficial, Country } from "../../server/api/v1/contract";
import { ApiError, type Api } from "./api.server";
import i18next, { languageChoiceCookie } from "./i18next.server";
import { keepAcrossLanguageSwitch, keptAtLanguageSwitch, keptPage } from "./kept-form.server";
import { cachedGet, listData } from "./identity-reference.server";
import { verifyCsrf } from "./csrf.server";
import {
  identityFieldErrors,
  OFFICIAL_FIELD_NAMES,
  OFFICIAL_KEY_FIELD,
  officialFormValues,
  officialValuesFrom,
  withApplicationId,
} from "./identity-special";
import type { ServerT } from "./forms.server";
import { continueStep, hrefOf, identityT, loadApplication, savedStepErrors } from "./identity-special.server";
import { firstFutureDay, identityNavOf, isCreationKey, safeReturnTo } from "./identity";
import { todayIso } from "./identity-step.server";

/** The cof step's id. */
export const COF_STEP = "cof";
/** The path segment of the add form. */
export const NEW_OFFICIAL = "new";

const NOTICES = ["added", "saved", "removed"] as const;

/** Countries for the nationality select, named and sorted in the page's language (GET /v1/countries?lang=). */
export async function loadCountries(api: Api, request: Request): Promise<Country[]> {
  const lang = await i18next.getLocale(request);
  return listData<Country>(await cachedGet<unknown>(api, "/countries", { lang }));
}

/** /identity/corporate/cof?applicationId=…[&notice=] */
function cofHref(applicationId: string, notice?: (typeof NOTICES)[number]): string {
  const path = withApplicationId("/identity/corporate/cof", applicationId);
  return notice ? `${path}&notice=${notice}` : path;
}

/** /identity/corporate/cof/:officialId?applicationId=… */
export function officialHref(applicationId: string, officialId: string): string {
  return withApplicationId(`/identity/corporate/cof/${encodeURIComponent(officialId)}`, applicationId);
}

/** The list page's data. */
export async function cofLoader(request: Request) {
  const { api, application } = await loadApplication(request, "CORPORATE");
  const t = await identityT(request);
  const notice = new URL(request.url).searchParams.get("notice");
  return json(
    {
      applicationId: application.id,
      editable: application.editable,
      officials: application.officials,
      notice: (NOTICES as readonly string[]).includes(notice ?? "") ? notice : null,
      self: hrefOf(application, COF_STEP),
      addHref: officialHref(application.id, NEW_OFFICIAL),
      stepErrors: savedStepErrors(t, application, COF_STEP),
      identityNav: identityNavOf(application, COF_STEP),
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/** The list page's action: intent=continue (PUT the step → add-documents, or back with errors). */
export async function cofAction(request: Request): Promise<Response> {
  const { api, application } = await loadApplication(request, "CORPORATE");
  await verifyCsrf(request, api.session);
  return continueStep(request, api, application, COF_STEP);
}

/** The official of `officialId` on the application, or a 404. */
function findOfficial(officials: readonly ApplicationOfficial[], officialId: string): ApplicationOfficial {
  const found = officials.find((o) => o.id === officialId);
  if (!found) throw new Response("Not found", { status: 404 });
  return found;
}

/**
 * The add/edit page's (or the removal confirmation's) data. Answers a save brought to an expired
 * session (kept-form.server.ts) are shown in place of the saved ones, unsaved, once (`kept`),
 * under the add's key they were posted with.
 */
export async function officialLoader(request: Request, officialId: string) {
  const { api, application } = await loadApplication(request, "CORPORATE");
  const adding = officialId === NEW_OFFICIAL;
  const official = adding ? null : findOfficial(application.officials, officialId);
  const remove = !adding && new URL(request.url).searchParams.get("remove") === "1";
  const form = !remove && application.editable;
  const countries = form ? await loadCountries(api, request) : [];
  const kept = form ? await api.keptForm() : null;
  const keptKey = kept?.get(OFFICIAL_KEY_FIELD);
  return json(
    {
      applicationId: application.id,
      editable: application.editable,
      official,
      values: kept ? officialValuesFrom(kept) : official ? officialFormValues(official) : {},
      // Not saved yet (the form counts as changed); the notice only for answers kept at an expiry.
      kept: kept !== null,
      keptAtExpiry: kept !== null && !keptAtLanguageSwitch(kept),
      countries,
      remove,
      // A key per add form (none when editing), kept with the typed values through a refusal or an expiry.
      creationKey: adding ? (typeof keptKey === "string" && isCreationKey(keptKey) ? keptKey : crypto.randomUUID()) : null,
      today: todayIso(),
      tomorrow: firstFutureDay(),
      self: officialHref(application.id, officialId),
      back: cofHref(application.id),
      // The language switcher sends the add/edit form along (the official's action keeps it).
      identityNav: { ...identityNavOf(application, COF_STEP, cofHref(application.id)), stepForm: form },
    },
    { headers: await api.headers({ "Cache-Control": "private, no-store" }) },
  );
}

/**
 * The official form's messages for a refusal's body (`identityFieldErrors`): labelled with the
 * form's own labels, and worded for the official where this page has its own text
 * (`identity:officials.errors.<id>`: "An official must be 18 or older", not "You must…").
 */
export function officialFieldErrors(t: ServerT, body: unknown): Record<string, string> {
  const tAny = t as unknown as (key: string | string[], options?: Record<string, unknown>) => string;
  const own = (key: string, options?: Record<string, unknown>) =>
    key.startsWith("identity:errors.")
      ? tAny([key.replace("identity:errors.", "identity:officials.errors."), key], options)
      : t(key, options);
  return identityFieldErrors(body, OFFICIAL_FIELD_NAMES, own, undefined, (name) =>
    tAny([`identity:fields.${name}`, `identity:officials.fields.${name}`]),
  );
}

/**
 * The add/edit page's action. intent=delete: DELETE the official (already gone: the list all the
 * same). intent=language (the language switcher): the typed form kept for the page in the chosen
 * language, nothing saved. Otherwise save the form's OFFICIAL_FIELDS: POST (add, with the form's key as its
 * Idempotency-Key: a repeat saves into the official it added) or PUT (edit). Success → the list
 * with a notice; a refusal → 400 `{ fieldErrors, values, creationKey }` (the form filled with
 * what was typed, under the same key).
 */
export async function officialAction(request: Request, officialId: string): Promise<Response> {
  const { api, application } = await loadApplication(request, "CORPORATE");
  await verifyCsrf(request, api.session);
  const form = await request.formData();
  const adding = officialId === NEW_OFFICIAL;
  if (!adding) findOfficial(application.officials, officialId);
  const base = `/clients-applications/corporates/${encodeURIComponent(application.id)}/company-officials`;
  if (form.get("intent") === "delete" && !adding) {
    try {
      await api.del(`${base}/${encodeURIComponent(officialId)}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    return redirect(cofHref(application.id, "removed"), { headers: await api.headers() });
  }
  // The language switcher sends this form along (its button: intent `language`, beside the
  // form's own hidden intent; its select: `lng`): what was typed is kept, unsaved, for the page
  // that comes back in the chosen language (kept-form.server.ts; the API keeps no draft of an
  // official), with or without JavaScript (a full page load: every text in the new language).
  if (form.getAll("intent").includes("language")) {
    const headers = await api.headers();
    const phone = api.session.get("phone") ?? null;
    for (const cookie of keepAcrossLanguageSwitch(form, phone, keptPage(new URL(request.url))))
      headers.append("Set-Cookie", cookie);
    const language = await languageChoiceCookie(form.get("lng"));
    if (language) headers.append("Set-Cookie", language);
    return redirectDocument(officialHref(application.id, officialId), { headers });
  }
  const values = officialValuesFrom(form);
  // The add form's key (a UUID; anything else is no key: a page from before keys were sent).
  const posted = form.get(OFFICIAL_KEY_FIELD);
  const creationKey = adding && typeof posted === "string" && isCreationKey(posted) ? posted : null;
  try {
    if (adding) await api.post<ApplicationOfficial>(base, { values }, creationKey ? { idempotencyKey: creationKey } : {});
    else await api.request<ApplicationOfficial>("PUT", `${base}/${encodeURIComponent(officialId)}`, { body: { values } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("Not found", { status: 404 });
    return json(
      { fieldErrors: officialFieldErrors(await identityT(request), error.body), values, creationKey },
      { status: error.status >= 500 ? 502 : 400, headers: await api.headers() },
    );
  }
  // "Save and close" of the unsaved-changes popup: on to the link it held once saved.
  const back = safeReturnTo(form.get("returnTo"));
  return redirect(back ?? cofHref(application.id, adding ? "added" : "saved"), { headers: await api.headers() });
}
