/**
 * Server side of the beneficiary create and edit pages (/beneficiaries/create,
 * /beneficiaries/:id/edit): what the form needs (choices, defaults from a beneficiary or from
 * query parameters on a link, spec 000 §2) and the action that saves it through the API
 * (POST /v1/beneficiaries or PUT /v1/beneficiaries/:id, then PUT …/status when the customer asks
 * for review). The API validates with the shared field rules; its field errors come back on
 * the form's fields with what was typed (spec 000 §5).
 *
 * Both routes take their whole server side from here (the helpers they use below are re-exported
 * at the end): each `.server` module a route imports is a stub chunk of its own on the page's
 * first load in the browser build (as `__history.server.ts`).
 */
import { json, redirect } from "@remix-run/node";
import type {
  Beneficiary,
  BeneficiariesSettings,
  BeneficiaryPaymentType,
  Casp,
  Currency,
} from "../../../../server/api/v1/contract";
import { countryOptions } from "~/lib/countries.server";
import { ApiError, type Api } from "~/lib/api.server";
import { requireAppContext } from "~/lib/app-context.server";
import { refuseOfficial } from "~/lib/beneficiaries.server";
import { formFields, isPaymentType, LOCAL_CURRENCIES, payeeFields } from "~/lib/beneficiaries";
import { verifyCsrf } from "~/lib/csrf.server";
import type { ServerT } from "~/lib/forms.server";
import i18next from "~/lib/i18next.server";
import { settleList } from "~/lib/list-errors.server";
import { mapServerErrors, toFieldErrors } from "~/lib/server-errors";

/** Values of the form as strings (checkbox "true"/absent). */
export type FormValues = Record<string, string>;

/** Every property a link may pre-fill (spec 000 §2 "Beneficiary fields can be passed as query parameters"). */
const PREFILLABLE = [
  "beneficiaryType",
  "name",
  "nickname",
  "currencyId",
  "iban",
  "bic",
  "sortCode",
  "aba",
  "bankAccountNumber",
  "phone",
  "address",
  "city",
  "postCode",
  "countryId",
  "bankName",
  "bankAddress",
  "bankCountry",
  "caspId",
  "walletAddress",
  "collectorContact",
  "useIntermediaryBank",
  "intermediaryBankName",
  "intermediaryBankBIC",
  "intermediaryBankAddress",
  "intermediaryBankCountry",
  "intermediaryBankCorrespondentAccount",
] as const;

/** A saved beneficiary as form values. */
export function beneficiaryValues(b: Beneficiary): FormValues {
  const out: FormValues = {};
  for (const k of PREFILLABLE) {
    const v = b[k];
    if (typeof v === "string" && v !== "") out[k] = v;
    else if (v === true) out[k] = "true";
  }
  return out;
}

/** Pre-fill from query parameters (at most 200 characters each; unknown names ignored). */
export function queryValues(params: URLSearchParams): FormValues {
  const out: FormValues = {};
  for (const k of PREFILLABLE) {
    const v = params.get(k);
    if (v) out[k] = v.slice(0, 200);
  }
  return out;
}

/**
 * What the customer typed into this form before a save met an expired session (kept for the
 * same person's next login: app/lib/kept-form.server.ts), as form values: the type's fields
 * only, the whole form as posted (an unticked checkbox stays unticked).
 * @returns null when nothing was kept for this page
 */
export function keptValues(
  kept: FormData | null,
  paymentType: BeneficiaryPaymentType | null,
  currencyId: string | null,
): FormValues | null {
  if (!kept || !paymentType) return null;
  const out: FormValues = {};
  for (const f of formFields(paymentType, currencyId)) {
    const v = kept.get(f);
    if (typeof v === "string" && v !== "") out[f] = v;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The form's type and currency: the query's (a changed choice) over the saved ones. A LOCAL
 * beneficiary needs one of EUR, GBP, USD before its fields can be shown.
 */
export function formChoice(params: URLSearchParams, saved?: Pick<Beneficiary, "paymentType" | "currencyId">) {
  const q = params.get("paymentType");
  const paymentType: BeneficiaryPaymentType | null = isPaymentType(q) ? q : (saved?.paymentType ?? null);
  const qc = params.get("currencyId")?.toUpperCase() ?? null;
  let currencyId: string | null = qc && /^[A-Z]{3,4}$/.test(qc) ? qc : (saved?.currencyId ?? null);
  if (paymentType === "LOCAL" && !(LOCAL_CURRENCIES as readonly string[]).includes(currencyId ?? "")) currencyId = null;
  return { paymentType, currencyId };
}

/**
 * What a sent first step lacked — its button sends `step=details`; a link that opens the step
 * sends none, and is not told off: the payment type, or a LOCAL beneficiary's currency (EUR, GBP
 * or USD; `formChoice` drops any other).
 * @returns field → i18n key (`paymentType`, `currencyId`), empty when nothing is missing
 */
export function typeStepErrors(
  params: URLSearchParams,
  paymentType: BeneficiaryPaymentType | null,
  currencyId: string | null,
): { paymentType?: string; currencyId?: string } {
  if (params.get("step") !== "details") return {};
  if (paymentType === null) return { paymentType: "beneficiaries:form.payment-type-required" };
  if (paymentType === "LOCAL" && currencyId === null) return { currencyId: "beneficiaries:form.local-currency-required" };
  return {};
}

/**
 * Choices of the form: currencies (fiat or crypto by type), CASPs, countries when a field needs
 * them (named in `lng`, the page's language). The currencies and CASPs are lists read only for
 * the selects: one the API refuses gives its error text (`currenciesError`, `caspsError`;
 * lib/list-errors.server `settleList`) for the form to show where its choices would be.
 * @param request the page's request (its language translates an error)
 */
export async function formChoices(
  api: Api,
  request: Request,
  paymentType: BeneficiaryPaymentType | null,
  currencyId: string | null,
  lng: string,
) {
  const [currencies, casps, settings] = await Promise.all([
    settleList(
      request,
      api.get<{ data: Currency[] }>("/currencies").then((r) => r.data),
    ),
    paymentType === "CRYPTO_ASSET_PAYMENT"
      ? settleList(
          request,
          api.get<{ data: Casp[] }>("/casps").then((r) => r.data),
        )
      : Promise.resolve({ data: [] as Casp[], error: null }),
    api.get<BeneficiariesSettings>("/settings/beneficiaries"),
  ]);
  const fields = paymentType ? payeeFields(paymentType, currencyId) : [];
  const needsCountries = fields.some((f) => /country/i.test(f));
  const all = currencies.data ?? [];
  return {
    fiat: all.filter((c) => !c.crypto).map((c) => c.id),
    crypto: all.filter((c) => c.crypto).map((c) => c.id),
    currenciesError: currencies.error,
    casps: (casps.data ?? []).map((c) => ({ id: c.id, name: c.name, assets: c.assets.map((a) => a.currencyId) })),
    caspsError: casps.error,
    countries: needsCountries ? countryOptions(lng) : [],
    approvalRequired: settings.approvalRequired,
  };
}

/** The API body from the submitted form: common properties and the type's payee fields only. */
function toBody(form: FormData, paymentType: BeneficiaryPaymentType, currencyId: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = { paymentType };
  for (const f of formFields(paymentType, currencyId)) {
    const v = form.get(f);
    if (f === "useIntermediaryBank") body[f] = v === "true";
    else if (typeof v === "string" && v.trim() !== "") body[f] = v.trim();
  }
  return body;
}

/**
 * The rule group (`errors:<group>.<code>`) of the form's fields whose API rule depends on the
 * payment type and currency, for mapServerErrors' `ruleGroups`: the account number is a UK
 * (8 digits), a US (4 to 17 digits) or a foreign (up to 34 letters and digits) one, each with its
 * own translated messages, as the payment forms show them.
 */
export function beneficiaryRuleGroups(paymentType: BeneficiaryPaymentType, currencyId: string | null): Record<string, string> {
  if (paymentType === "INTERNATIONAL") return { bankAccountNumber: "account-number" };
  if (paymentType === "LOCAL" && currencyId === "GBP") return { bankAccountNumber: "uk-account-number" };
  if (paymentType === "LOCAL" && currencyId === "USD") return { bankAccountNumber: "us-account-number" };
  return {};
}

/**
 * An API error answer to a beneficiary save, on the form's fields (in the page's language): each
 * field's label names a required field the API found empty (the error summary lists its entries
 * away from their fields), and the account number reads its own rule's message
 * (beneficiaryRuleGroups). Form-level messages under `_form` (toFieldErrors).
 * @param body the API's error body
 * @param t the page's translator (`getFixedT(request, ["errors", "beneficiaries"])`)
 */
export function beneficiaryFieldErrors(
  body: unknown,
  paymentType: BeneficiaryPaymentType,
  currencyId: string | null,
  t: ServerT,
): Record<string, string> {
  const fields = formFields(paymentType, currencyId);
  const labels = Object.fromEntries(fields.map((f) => [f, t(`beneficiaries:fields.${f}`)]));
  const mapped = mapServerErrors(body, fields, (k, o) => t(k, o), {
    labels,
    ruleGroups: beneficiaryRuleGroups(paymentType, currencyId),
  });
  return toFieldErrors(mapped);
}

/**
 * Action of the create (`beneficiaryId` undefined) and edit pages. Form fields: `paymentType`
 * and `currencyId` (hidden: chosen on the first step), the type's fields, `intent` = "save"
 * (stays DRAFT) or "submit" (asks for review). Success → redirect to the detail page with a
 * notice (`?notice=saved|submitted`). API errors → 400 `{ fieldErrors, values }` for the form.
 */
export async function saveBeneficiary(request: Request, beneficiaryId?: string): Promise<Response> {
  const { api, org } = await requireAppContext(request);
  await verifyCsrf(request, api.session);
  // Only a new beneficiary is refused to an official (an edit names one the user can reach).
  if (!beneficiaryId) await refuseOfficial(api, org);
  const t = (await i18next.getFixedT(request, ["errors", "beneficiaries"])) as unknown as ServerT;
  const form = await request.formData();
  const paymentType = form.get("paymentType");
  const rawCurrency = form.get("currencyId");
  const values: FormValues = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "csrf" && !(k in values)) values[k] = v;
  if (!isPaymentType(paymentType)) {
    return json(
      { fieldErrors: { _form: t("beneficiaries:errors.choose-type") }, values },
      { status: 400, headers: await api.headers() },
    );
  }
  const currencyId = typeof rawCurrency === "string" ? rawCurrency : null;
  const body = toBody(form, paymentType, currencyId);
  try {
    let saved = beneficiaryId
      ? await api.request<Beneficiary>("PUT", `/beneficiaries/${encodeURIComponent(beneficiaryId)}`, { body })
      : await api.post<Beneficiary>("/beneficiaries", { ...body, organizationId: org.id });
    let notice = "saved";
    if (form.get("intent") === "submit" && saved.status !== "APPROVED") {
      saved = await api.request<Beneficiary>("PUT", `/beneficiaries/${saved.id}/status`, { body: { status: "UNDER_REVIEW" } });
      notice = "submitted";
    }
    return redirect(`/beneficiaries/${saved.id}?notice=${notice}`, { headers: await api.headers() });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw new Response("Not found", { status: 404 });
    return json(
      { fieldErrors: beneficiaryFieldErrors(error.body, paymentType, currencyId, t), values },
      { status: error.status >= 500 ? 502 : 400, headers: await api.headers() },
    );
  }
}

// What the two routes use besides the form's own helpers (module header).
export { ApiError, i18next, refuseOfficial, requireAppContext };
