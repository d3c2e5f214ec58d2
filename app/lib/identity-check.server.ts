/**
 * /identity/{individual|corporate|company-official}/check-answers (issue 8 "Before submit, a
 * 'check your answers' page lists every answer with a change link to its step"; GOV.UK pattern).
 *
 * Loader: every applicable step in order with its answers (labels and option labels final), the
 * state of its special part (identity verification, agreements signed, officials and documents
 * counted for CORPORATE), a Change link per step, and the errors the API holds per step. Without
 * an application: to the first step.
 * Action: PUT /v1/clients-applications/:id/submit. Submitted → /identity?submitted=<id>.
 * Refused (400 field errors): back to the page (PRG), which lists the errors the API stored on
 * the application by step, each step linked. Refused otherwise (a plain message, 5xx): the page
 * with the message (errors grouped by step with the catalogue's `routeStepOf` when any).
 * Already submitted (409) → the page again (now read-only).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApiFieldError, Application, ApplicationStatus, ApplicationType } from "../../server/api/v1/contract";
import { fieldsUnder, findStep, routeStepOf, type FieldDef } from "../../server/rules/applications/steps";
import { ApiError, requireUser } from "./api.server";
import { verifyCsrf } from "./csrf.server";
import { CHECK_ANSWERS, formatAnswerDate, isBlank, stepHref, type AnswerValue, type FieldOption } from "./identity";
import { fieldOptions } from "./identity-reference.server";
import { applicationRef, getApplication, identityStepContext, stepErrorMessages, type IdentityT } from "./identity.server";
import type { IdentityNavData } from "./identity-step.server";
import i18next from "./i18next.server";

/** One answer row. */
export interface AnswerRow {
  name: string;
  label: string;
  value: string | null;
}

/** One step's section of the page. */
export interface StepSection {
  id: string;
  href: string | null;
  rows: AnswerRow[];
  /** The special part's state, a final text (verification status, agreements signed, counts). */
  special: string | null;
  status: "complete" | "error" | "incomplete";
}

/** Errors of one step (a refused submit, or the step's last save). */
export interface StepErrorGroup {
  stepId: string;
  href: string | null;
  messages: string[];
}

export interface CheckAnswersData {
  type: ApplicationType;
  applicationId: string;
  status: ApplicationStatus;
  editable: boolean;
  sections: StepSection[];
  errors: StepErrorGroup[];
  actionHref: string;
  identityNav: IdentityNavData;
}

export interface CheckAnswersActionData {
  errors: StepErrorGroup[];
  general: string[];
}

function display(field: FieldDef, value: AnswerValue | undefined, options: FieldOption[]): string | null {
  if (isBlank(value)) return null;
  const label = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join("\n");
  if (field.kind === "date") return formatAnswerDate(value!);
  return options.length ? label(value!) : value!;
}

/** Text of a step's special part (null for a plain field step). */
function specialText(app: Application, stepId: string, t: IdentityT): string | null {
  const step = findStep(app.type, stepId);
  switch (step?.special) {
    case "verification":
      return t(`check.verification.${app.verification?.status ?? "NOT_STARTED"}`);
    case "agreements": {
      const mine = app.agreements.filter((a) => a.clientType === step.agreementsFor);
      return t("check.agreements", { signed: mine.filter((a) => a.signedAt).length, total: mine.length });
    }
    case "officials":
      return t("check.officials", { count: app.officials.length });
    case "documents":
      return t("check.documents", { count: app.documents.length });
    default:
      return null;
  }
}

/** Group field errors by the step they belong to (`routeStepOf`), messages translated. */
export function groupErrorsByStep(
  app: Pick<Application, "type" | "id" | "mainRepresentative">,
  errors: readonly ApiFieldError[],
  t: IdentityT,
) {
  const ref = applicationRef(app);
  const groups = new Map<string, ApiFieldError[]>();
  const general: string[] = [];
  for (const e of errors) {
    const stepId = e.property === "coreError" ? null : routeStepOf(app.type, e.property);
    if (!stepId) {
      const first = Object.values(e.constraints ?? {})[0];
      if (first) general.push(String(first));
      continue;
    }
    groups.set(stepId, [...(groups.get(stepId) ?? []), e]);
  }
  const out: StepErrorGroup[] = [];
  for (const [stepId, list] of groups) {
    const fields = findStep(app.type, stepId)?.fields ?? [];
    out.push({ stepId, href: stepHref(app.type, stepId, ref), messages: Object.values(stepErrorMessages(list, fields, t)) });
  }
  return { groups: out, general };
}

/** Loader of a check-answers page (see module header). */
export async function checkAnswersLoader({ request }: LoaderFunctionArgs, type: ApplicationType) {
  const ctx = await identityStepContext(request, type, CHECK_ANSWERS);
  const { api, application: app, t } = ctx;
  if (!app) throw redirect(stepHref(type, ctx.stepIds[0] ?? "personal-data")!, { headers: await api.headers() });
  const asked = (id: string) => {
    const step = findStep(type, id);
    return step ? fieldsUnder(step, app.scheme) : [];
  };
  const fields = ctx.stepIds.flatMap(asked);
  const lang = await i18next.getLocale(request);
  const sic = fields.find((f) => f.options && "ref" in f.options && f.options.ref === "sicCodes");
  const options = await fieldOptions(api, type, fields, t, lang, {
    chosen: sic ? [app.answers[sic.name] ?? []].flat() : [],
    matches: [],
  });
  const statusOf = new Map(app.steps.map((s) => [s.id, s.status]));
  const sections: StepSection[] = ctx.stepIds.map((id) => {
    const rows = asked(id)
      .filter((f) => !f.shownWhen || app.answers[f.shownWhen.field] === f.shownWhen.equals)
      .map((f) => ({
        name: f.name,
        label: t(`identity:fields.${f.name}`),
        value: display(f, app.answers[f.name], options[f.name] ?? []),
      }));
    return {
      id,
      href: stepHref(type, id, ctx.ref),
      rows,
      special: specialText(app, id, t),
      status: statusOf.get(id) ?? "incomplete",
    };
  });
  const errors = ctx.stepIds
    .filter((id) => (app.errors?.[id] ?? []).length > 0)
    .map((id) => ({
      stepId: id,
      href: stepHref(type, id, ctx.ref),
      messages: Object.values(stepErrorMessages(app.errors[id], findStep(type, id)?.fields ?? [], t)),
    }));
  const data: CheckAnswersData = {
    type,
    applicationId: app.id,
    status: app.status,
    editable: app.editable,
    sections,
    errors,
    actionHref: ctx.selfHref,
    identityNav: { nav: ctx.nav, backHref: ctx.backHref },
  };
  return json(data, { headers: await api.headers({ "Cache-Control": "private, no-store" }) });
}

/** Action of a check-answers page: submit (see module header). */
export async function checkAnswersAction({ request }: ActionFunctionArgs, type: ApplicationType) {
  const { api } = await requireUser(request, { allowUnidentified: true });
  await verifyCsrf(request, api.session);
  const id = new URL(request.url).searchParams.get("applicationId");
  if (!id) throw redirect(`/identity`, { headers: await api.headers() });
  const app = await getApplication(api, id);
  if (app.type !== type) throw new Response("Not found", { status: 404, headers: await api.headers() });
  const here = stepHref(type, CHECK_ANSWERS, applicationRef(app))!;
  try {
    await api.request<Application>("PUT", `/clients-applications/${encodeURIComponent(id)}/submit`, { body: {} });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) throw redirect(here, { headers: await api.headers() });
    const body = error.body;
    const list = Array.isArray(body.message) ? body.message.filter((m): m is ApiFieldError => typeof m === "object") : [];
    // The API keeps a refused submit's field errors on the application, by step: the page shows them (PRG).
    if (error.status === 400 && list.length > 0) throw redirect(here, { headers: await api.headers() });
    const t = (await i18next.getFixedT(request, ["identity", "errors"])) as unknown as IdentityT;
    const { groups, general } = groupErrorsByStep(app, list, t);
    if (typeof body.message === "string") general.push(body.message);
    if (groups.length === 0 && general.length === 0) general.push(t("errors:Errors.internal"));
    const data: CheckAnswersActionData = { errors: groups, general };
    return json(data, { status: error.status >= 500 ? 502 : 400, headers: await api.headers() });
  }
  throw redirect(`/identity?submitted=${encodeURIComponent(id)}`, { headers: await api.headers() });
}
