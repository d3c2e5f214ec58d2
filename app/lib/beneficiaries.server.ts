/**
 * Beneficiary data for pages outside /beneficiaries: the home and payments blocks (one call,
 * the same data on both), and the saved-beneficiary choice of the payment forms (spec 000 §4
 * "Only APPROVED beneficiaries can be picked in a beneficiary select").
 */
import type { Beneficiary, BeneficiaryPage, BeneficiaryPaymentType } from "../../server/api/v1/contract";
import { redirect } from "@remix-run/node";
import { ApiError, type Api } from "./api.server";
import { settleList } from "./list-errors.server";

/**
 * Company officials have no beneficiaries (spec 000 §2 Home screen "A company official sees
 * prompts to open an account instead of history and beneficiaries", §6): /beneficiaries shows
 * them a notice instead of the list (as /history does), and the pages that would add one send
 * them there.
 * @throws a redirect to /beneficiaries for a COMPANY_OFFICIAL organization; returns otherwise
 */
export async function refuseOfficial(api: Api, org: { type: string }): Promise<void> {
  if (org.type === "COMPANY_OFFICIAL") throw redirect("/beneficiaries", { headers: await api.headers() });
}

/** How many beneficiaries the home and payments blocks show. */
export const BLOCK_SIZE = 5;

/** A beneficiary as the blocks and the picker show it. */
export interface BeneficiarySummary {
  id: string;
  name: string;
  nickname: string | null;
  paymentType: BeneficiaryPaymentType;
  currencyId: Beneficiary["currencyId"];
  status: Beneficiary["status"];
  phone: string | null;
}

function summary(b: Beneficiary): BeneficiarySummary {
  return {
    id: b.id,
    name: b.name,
    nickname: b.nickname,
    paymentType: b.paymentType,
    currencyId: b.currencyId,
    status: b.status,
    phone: b.phone,
  };
}

/** The newest beneficiaries of the organization (GET /v1/beneficiaries, take 5) for the home and payments blocks. */
export async function recentBeneficiaries(api: Api, organizationId: string): Promise<BeneficiarySummary[]> {
  const page = await api.get<BeneficiaryPage>("/beneficiaries", { organizationId, take: BLOCK_SIZE });
  return page.edges.map((e) => summary(e.node));
}

/** A chosen beneficiary's contract, as the payment form offers it. */
export interface ContractChoice {
  id: string;
  name: string;
}

/**
 * The saved-beneficiary part of a payment form's loader. A choices list the API refuses does not
 * take the form down: `error` carries the text to show where the choices would be (spec 000 §7
 * "a failed list passes the server message on as its error"; lib/list-errors.server `settleList`),
 * the rest of the form as usual.
 * @param request the page's request (`?beneficiary=`; its language translates the error)
 * @param paymentType the beneficiary payment type the form pays (LOCAL, INTERNATIONAL …)
 * @param currencyId for LOCAL forms, the currency the form pays in (EUR, GBP, USD)
 * @returns `choices`: APPROVED beneficiaries of that type (at most 100, newest first);
 *   `chosen`: the one named by `?beneficiary=` when it is among them (else null), with its
 *   APPROVED contracts (none when the contracts call is not available); `error`: null, or the
 *   failed choices list's text (then no choices and nothing chosen)
 */
export async function beneficiaryChoice(
  api: Api,
  organizationId: string,
  request: Request,
  paymentType: BeneficiaryPaymentType,
  currencyId?: string,
): Promise<{
  choices: BeneficiarySummary[];
  chosen: (Beneficiary & { contracts: ContractChoice[] }) | null;
  error: string | null;
}> {
  const listed = await settleList(
    request,
    api.get<BeneficiaryPage>("/beneficiaries", { organizationId, paymentType, status: "APPROVED", take: 100 }),
  );
  if (!listed.data) return { choices: [], chosen: null, error: listed.error };
  const approved = listed.data.edges.map((e) => e.node).filter((b) => !currencyId || b.currencyId === currencyId);
  const wanted = new URL(request.url).searchParams.get("beneficiary");
  const found = approved.find((b) => b.id === wanted) ?? null;
  let contracts: ContractChoice[] = [];
  if (found) {
    try {
      const list = await api.get<{ data: { id: string; name: string; status: string }[] }>(
        `/beneficiaries/${found.id}/contracts`,
      );
      contracts = list.data.filter((c) => c.status === "APPROVED").map((c) => ({ id: c.id, name: c.name }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    }
  }
  return { choices: approved.map(summary), chosen: found ? { ...found, contracts } : null, error: null };
}

/**
 * Form values of a payment form filled from a saved beneficiary.
 * @param map payment form field → beneficiary property (e.g. `{ beneficiaryName: "name", accountNumber: "bankAccountNumber" }`)
 */
export function valuesFromBeneficiary(b: Beneficiary, map: Record<string, keyof Beneficiary>): Record<string, string> {
  const out: Record<string, string> = { beneficiaryId: b.id };
  for (const [field, key] of Object.entries(map)) {
    const v = b[key];
    if (typeof v === "string" && v !== "") out[field] = v;
    else if (v === true) out[field] = "true";
  }
  return out;
}
