/**
 * Server helpers of the FX rate request pages (/currency-exchange/requests…) and the home
 * "Requests" tab (spec 000 §2, spec 001 §2, §3, §4, §9): whether requests are enabled for the
 * organization (GET /v1/settings/exchange-custom-rate?organizationId=), one request and the
 * list with their display rates (12 decimals in lists, 14 on details: flexible ÷ fixed, computed
 * from the sums by server/rules/fx-rate.ts, so no decimal library reaches the browser), grouped
 * by creation day, those awaiting a signature for the signing lists, the signing challenge of
 * a request (send-code { fxRequestIds }) and the new-request form's idempotency key.
 */
import type { CustomRateSettings, FxRequest, FxRequestPage, OtpChannel } from "../../server/api/v1/contract";
import { FX_RATE_DETAIL_DECIMALS, FX_RATE_LIST_DECIMALS, fxActualRate } from "../../server/rules/fx-rate";
import { ApiError, type Api } from "~/lib/api.server";
import { groupByDay, type DayGroup } from "~/lib/date-groups";
import { clearChallenge, liveChallenge, sendChallenge } from "~/lib/sign-challenge.server";
import { keptFormKey, readOrNull, rememberFormKey } from "./form-key.server";

/** A request with its rate as the list shows it (`listRate`, 12 decimals) and the details (`detailRate`, 14). */
export interface FxRequestView extends FxRequest {
  listRate: string;
  detailRate: string;
}

/** Whether EXCHANGE-CUSTOM-RATE-ENABLED is on for the organization (false when the API cannot say). */
export async function customRateEnabled(api: Api, organizationId: string): Promise<boolean> {
  try {
    return (await api.get<CustomRateSettings>("/settings/exchange-custom-rate", { organizationId })).enabled === true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/** 404 unless FX rate requests are enabled for the organization (the pages do not exist for it). */
export async function requireCustomRate(api: Api, organizationId: string): Promise<void> {
  if (!(await customRateEnabled(api, organizationId)))
    throw new Response("FX rate requests are not available", { status: 404, headers: await api.headers() });
}

/** A request with its display rates. */
export function fxRequestView(r: FxRequest): FxRequestView {
  return {
    ...r,
    listRate: fxActualRate(r.exchangeCurrencyFixedSum, r.exchangeCurrencyFlexibleSum, FX_RATE_LIST_DECIMALS),
    detailRate: fxActualRate(r.exchangeCurrencyFixedSum, r.exchangeCurrencyFlexibleSum, FX_RATE_DETAIL_DECIMALS),
  };
}

/** One of the caller's requests, or a 404 Response. */
export async function loadFxRequest(api: Api, requestId: string): Promise<FxRequestView> {
  try {
    return fxRequestView(await api.get<FxRequest>(`/exchange/fx-requests/${encodeURIComponent(requestId)}`));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw new Response("Not found", { status: 404, headers: await api.headers() });
    throw error;
  }
}

/**
 * A page of the organization's requests of every status (those awaiting a signature included:
 * docs/decisions.md "Who may sign"), newest first, grouped by creation day (headings Today /
 * month and day / month, day and year, in the page's language `lng`), and the next page's cursor.
 * @throws ApiError 400 for a cursor the API refuses (the route redirects: lib/paging.server.ts)
 */
export async function listFxRequestGroups(
  api: Api,
  organizationId: string,
  take: number,
  lng: string,
  cursor?: string,
): Promise<{ groups: DayGroup<FxRequestView>[]; next: string | null }> {
  const page = await api.get<FxRequestPage>("/exchange/fx-requests", { organizationId, take, ...(cursor ? { cursor } : {}) });
  return { groups: dayGroups(page, lng), next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
}

function dayGroups(page: FxRequestPage, lng: string): DayGroup<FxRequestView>[] {
  return groupByDay(
    page.edges.map((e) => fxRequestView(e.node)),
    (r) => r.createdAt,
    lng,
  );
}

/** How many requests the signing lists show (one page, spec 000 §9 page size 20). */
export const FX_TO_SIGN_TAKE = 20;

/**
 * The organization's requests awaiting a signature, for the signing lists (spec 000 §2 home
 * signing tab and its count, the payments page's 'required to sign'): the newest
 * `FX_TO_SIGN_TAKE`, grouped by creation day in `lng`, and how many there are in all (`count`).
 * None when requests are off for the organization (they could not be signed: the API answers 403);
 * `enabled` says so when the caller knows, else it is asked (GET /v1/settings/exchange-custom-rate).
 */
export async function fxRequestsToSign(
  api: Api,
  organizationId: string,
  lng: string,
  enabled?: boolean,
): Promise<{ groups: DayGroup<FxRequestView>[]; count: number }> {
  const none = { groups: [], count: 0 };
  if (enabled === false) return none;
  const [on, page] = await Promise.all([
    enabled ?? customRateEnabled(api, organizationId),
    api.get<FxRequestPage>("/exchange/fx-requests", { organizationId, status: "AWAITING_SIGNATURE", take: FX_TO_SIGN_TAKE }),
  ]);
  return on ? { groups: dayGroups(page, lng), count: page.totalCount } : none;
}

/** Session key of a request's signing challenge. */
const challengeKey = (requestId: string) => `fx:${requestId}`;

/** The request's live signing challenge from the session, or null. */
export function fxChallenge(api: Api, requestId: string) {
  return liveChallenge(api, challengeKey(requestId));
}

/** Send a signing code for one request and keep the challenge in the session. */
export function sendFxCode(api: Api, requestId: string, channel: OtpChannel) {
  return sendChallenge(api, challengeKey(requestId), { fxRequestIds: [requestId], mfa: "PHONE", channel });
}

/** Forget a request's signing challenge. */
export function clearFxCode(api: Api, requestId: string): void {
  clearChallenge(api, challengeKey(requestId));
}

/**
 * The idempotency key of the new rate request form (lib/form-key.server.ts `keptFormKey`):
 * kept in the session until the request it created leaves AWAITING_SIGNATURE. So the same details
 * sent again — a double submit, going back and submitting, a second tab — answer that request
 * (a replay) instead of making a second one; other details meanwhile are refused
 * (IDEMPOTENCY_KEY_REUSED). After it is signed or declined the form gets a new key.
 * @param organizationId the active organization (a key of another one is released)
 * @param releaseAfter the form's `?after=`: the waiting request a member who cannot sign leaves
 *   to a signer to start a new one (only that request's key is released)
 * @returns the key, and the request still awaiting a signature under it (null when none)
 */
export async function fxRequestFormKey(
  api: Api,
  organizationId: string,
  releaseAfter: string | null = null,
): Promise<{ key: string; pendingRequestId: string | null }> {
  const { key, open } = await keptFormKey(api, "fxRequestKey", organizationId, releaseAfter, async (id) => {
    const request = await readOrNull(api.get<FxRequest>(`/exchange/fx-requests/${encodeURIComponent(id)}`));
    return request?.status === "AWAITING_SIGNATURE" ? id : null;
  });
  return { key, pendingRequestId: open };
}

/** Remember which request the form's key created (see `fxRequestFormKey`). */
export function rememberFxRequestKey(api: Api, organizationId: string, key: string, requestId: string): void {
  rememberFormKey(api, "fxRequestKey", organizationId, key, requestId);
}
