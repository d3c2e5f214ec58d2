/**
 * Server side of the identity pages (spec 001 §2 "Identity layout" and the application routes,
 * §7 Applications): which application a page is about, its applicable steps and step list, the
 * step's errors as translated messages, and saving a step (POST to create, PUT per type to
 * update).
 *
 * Which application: `?applicationId=` when the URL carries it (every link and form action of a
 * step does); else, unless `?new=`, the user's latest INCOMPLETE application of the page's type
 * (GET /v1/clients-applications?all=true), for the types limited to one open application that
 * open one; else none — the page's form creates one.
 *
 * Starting an application (docs/decisions.md "Starting an application"): the start links and
 * the form of a page without an application carry `?new=<creation key>` (a UUID), which the
 * create call sends as its Idempotency-Key. The browser's history keeps that address after the
 * first save (a POST answered by a redirect adds the next step after it), so when the key has
 * made an application the address stands for it: its loader sends the browser to the step's
 * own address with `?applicationId=`, replacing the history entry (Back from step 2 shows step 1
 * as saved, never a blank form that would make a second company); a double submit without
 * JavaScript sends the same key twice and the API saves the second into the first. For the
 * types limited to one open application, `?new=` (any value) resumes the open one. A `?new=`
 * that is not a key (`?new=1`) is sent on to one with a fresh key.
 *
 * `identityStepContext` is the one call a step page's loader makes (field steps here, the
 * identity-verification, cof and add-documents pages too): the user, the API client, the
 * application, the step list and the back link.
 */
import { redirect, replace } from "@remix-run/node";
import type {
  ApiFieldError,
  Application,
  ApplicationStepState,
  ApplicationSummary,
  ApplicationType,
  SaveApplicationStepRequest,
  WhoAmI,
} from "../../server/api/v1/contract";
import { applicableSteps, findStep, stepsOf, type FieldDef } from "../../server/rules/applications/steps";
import { ApiError, requireUser, type Api } from "./api.server";
import {
  API_SEGMENT_BY_TYPE,
  buildStepNav,
  CHECK_ANSWERS,
  isCreationKey,
  openApplicationOf,
  previousStepId,
  stepHref,
  type ApplicationRef,
  type StepNav,
} from "./identity";
import { defaultSchemeFlags, listData } from "./identity-reference.server";
import { identityErrorKey } from "./identity-special";
import i18next from "./i18next.server";

/** Translator of a loader or action (`getFixedT`). */
export type IdentityT = (key: string, options?: Record<string, unknown>) => string;

/** The user's applications, newest first (GET /v1/clients-applications?all=true). */
export async function listApplications(api: Api): Promise<ApplicationSummary[]> {
  const list = listData<ApplicationSummary>(await api.get<unknown>("/clients-applications", { all: true }));
  return [...list].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/**
 * One application of the user's (GET /v1/clients-applications/:id).
 * @throws a 404 response when the API answers 404 or 400 (someone else's, unknown, malformed id)
 */
export async function getApplication(api: Api, id: string): Promise<Application> {
  try {
    return await api.get<Application>(`/clients-applications/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

/**
 * The application a page of `type` is about (see the module header).
 * @throws 404 when `applicationId` names an application that is not the user's or of another type
 */
export async function resolveApplication(api: Api, type: ApplicationType, url: URL): Promise<Application | null> {
  const id = url.searchParams.get("applicationId");
  if (id) {
    const app = await getApplication(api, id);
    if (app.type !== type) throw new Response("Not found", { status: 404, headers: await api.headers() });
    return app;
  }
  if (url.searchParams.has("new")) return null;
  const mine = await listApplications(api);
  const latest = mine.find((a) => a.type === type && a.status === "INCOMPLETE") ?? openApplicationOf(mine, type);
  return latest ? getApplication(api, latest.id) : null;
}

/** `path?new=<a fresh creation key>`: the address of a page whose form creates an application. */
export function newApplicationHref(path: string): string {
  return `${path}?new=${crypto.randomUUID()}`;
}

/**
 * The application a `?new=` address stands for (see the module header): the one created under
 * its creation key (GET /v1/clients-applications?all=true&idempotencyKey=), else for a type
 * limited to one open application that open one; null when there is none.
 */
async function applicationOfNew(api: Api, type: ApplicationType, value: string | null): Promise<ApplicationSummary | null> {
  if (isCreationKey(value)) {
    const made = listData<ApplicationSummary>(
      await api.get<unknown>("/clients-applications", { all: true, idempotencyKey: value }),
    );
    const mine = made.find((a) => a.type === type);
    if (mine) return mine;
  }
  if (type === "CORPORATE") return null;
  return openApplicationOf(await listApplications(api), type);
}

/**
 * A page addressed with `?new=` (and no application id): when that stands for an application,
 * a redirect to this step of it; for a value that is not a creation key, a redirect to a fresh
 * one. Both replace the history entry (`replace`: with JavaScript too, so Back does not come
 * here again). Nothing to do otherwise.
 */
async function settleNew(api: Api, type: ApplicationType, stepId: string, url: URL): Promise<void> {
  if (url.searchParams.get("applicationId") || !url.searchParams.has("new")) return;
  const value = url.searchParams.get("new");
  const made = await applicationOfNew(api, type, value);
  if (made) {
    const ref = applicationRef(await getApplication(api, made.id));
    const to = stepHref(type, stepId, ref) ?? stepHref(type, stepsOf(type)[0].id, ref)!;
    throw replace(to, { headers: await api.headers() });
  }
  if (!isCreationKey(value)) throw replace(newApplicationHref(url.pathname), { headers: await api.headers() });
}

/** How the web addresses an application (ids carried by links). */
export function applicationRef(app: Pick<Application, "id" | "mainRepresentative"> | null): ApplicationRef {
  return { applicationId: app?.id ?? null, mainRepresentativeId: app?.mainRepresentative?.id ?? null };
}

/**
 * The applicable steps with their state: the application's own (`Application.steps`), or before
 * it exists those of the default scheme, all incomplete.
 */
export async function stepStates(api: Api, type: ApplicationType, app: Application | null): Promise<ApplicationStepState[]> {
  if (app) return app.steps;
  const scheme = await defaultSchemeFlags(api, type);
  return applicableSteps(type, scheme).map((s) => ({ id: s.id, status: "incomplete" as const }));
}

/** What a step page's loader starts from (see `identityStepContext`). */
export interface IdentityStepContext {
  user: WhoAmI;
  api: Api;
  type: ApplicationType;
  stepId: string;
  application: Application | null;
  ref: ApplicationRef;
  /** Applicable step ids in order. */
  stepIds: string[];
  nav: StepNav;
  /** The previous step, or /identity from the first one. */
  backHref: string;
  /** This page's URL with the application's id, or `?new=<creation key>` before it exists (form actions). */
  selfHref: string;
  t: IdentityT;
}

/**
 * Load what every step page needs: signed-in user (unidentified allowed), the application (see
 * module header), the step list and back link, a translator (`identity`, `errors`).
 * @param stepId a step id of the catalogue, or `check-answers`
 * @throws redirects of `requireUser`; 404 for another user's application; a redirect to the
 *   right URL when `/identity/corporate/<id>/cof-additional-infromation` names another main
 *   representative (or the application has none yet: to its personal-data step)
 */
export async function identityStepContext(
  request: Request,
  type: ApplicationType,
  stepId: string,
  params: { mainRepresentativeId?: string } = {},
): Promise<IdentityStepContext> {
  const { user, api } = await requireUser(request, { allowUnidentified: true });
  const url = new URL(request.url);
  await settleNew(api, type, stepId, url);
  const application = await resolveApplication(api, type, url);
  const ref = applicationRef(application);
  if (params.mainRepresentativeId !== undefined && params.mainRepresentativeId !== ref.mainRepresentativeId) {
    const to = stepHref(type, ref.mainRepresentativeId ? stepId : "personal-data", ref)!;
    throw redirect(to, { headers: await api.headers() });
  }
  const states = await stepStates(api, type, application);
  const stepIds = states.map((s) => s.id);
  const previous = previousStepId(stepIds, stepId);
  const t = (await i18next.getFixedT(request, ["identity", "errors"])) as unknown as IdentityT;
  return {
    user,
    api,
    type,
    stepId,
    application,
    ref,
    stepIds,
    nav: buildStepNav(type, states, stepId, ref),
    backHref: (previous && stepHref(type, previous, ref)) || "/identity",
    // Before the application exists the page posts to `?new=<creation key>` (this address's, or
    // a fresh one on the bare path): the key makes a double submit one application, and a post
    // that meets an expired session returns there after the login (with its answers kept), not
    // to the latest application in progress, which the bare path would open.
    selfHref:
      (ref.applicationId && stepHref(type, stepId, ref)) ||
      (isCreationKey(url.searchParams.get("new"))
        ? `${url.pathname}?new=${url.searchParams.get("new")}`
        : newApplicationHref(url.pathname)),
    t,
  };
}

/**
 * The messages of a step's errors (`Application.errors[step]`), by field: the first constraint
 * of each property, translated as `identity:errors.<constraintId>` with the API's text (its
 * property name made readable) as the fallback. A property that is not a field of `fields`
 * (agreements, an unknown one) keeps its own name; nested names (`mainRepresentative.firstName`)
 * are shown on their last part when that is a field.
 */
export function stepErrorMessages(errors: readonly ApiFieldError[] | undefined, fields: readonly FieldDef[], t: IdentityT) {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) {
    const first = Object.entries(e.constraints ?? {})[0];
    if (!first) continue;
    const [id, text] = first;
    const last = e.property.split(".").pop() ?? e.property;
    const field = fields.find((f) => f.name === e.property) ?? fields.find((f) => f.name === last);
    const name = field?.name ?? e.property;
    if (name in out) continue;
    const label = field ? t(`identity:fields.${field.name}`) : name;
    const readable = String(text).split(e.property).join(label);
    const { key, values } = identityErrorKey(id, String(text));
    out[name] = t(key, {
      defaultValue: readable,
      label,
      max: field?.max,
      min: field?.min,
      ...values,
    });
  }
  return out;
}

/**
 * Save one step: POST /v1/clients-applications/<type> when the application has no id yet (201;
 * with the page's creation key as Idempotency-Key: the same key again saves into the
 * application it made), else PUT /v1/clients-applications/<type>/<id>.
 * @returns the application as saved (its `errors[step]` lists refused values)
 * @throws ApiError (409 APPLICATION_NOT_EDITABLE, 400 unknown step …)
 */
export function saveStep(
  api: Api,
  type: ApplicationType,
  applicationId: string | null,
  body: SaveApplicationStepRequest,
  creationKey: string | null = null,
): Promise<Application> {
  const base = `/clients-applications/${API_SEGMENT_BY_TYPE[type]}`;
  return applicationId
    ? api.request<Application>("PUT", `${base}/${encodeURIComponent(applicationId)}`, { body })
    : api.post<Application>(base, body, creationKey ? { idempotencyKey: creationKey } : {});
}

/** The fields of a catalogue step (none for an unknown id or check-answers). */
export function stepFields(type: ApplicationType, stepId: string): readonly FieldDef[] {
  return stepId === CHECK_ANSWERS ? [] : (findStep(type, stepId)?.fields ?? []);
}
