/**
 * What the home page and /services offer beyond the organization's accounts, decided once for
 * both (spec 000 §2, spec 001 §2): FX rate requests (the "Requests" tab and the services entry)
 * for customers whose organization has EXCHANGE-CUSTOM-RATE-ENABLED, never for a company
 * official; the invitation to open a personal account only for a company official
 * (`personalAccountInvitation`).
 */
import type { WhoAmI } from "../../server/api/v1/contract";
import type { Api } from "./api.server";
import { customRateEnabled } from "./fx-requests.server";
import { personalAccountInvitation } from "./personal-account-invitation.server";

export interface OrganizationOffers {
  /** FX rate requests are enabled for the organization (and the caller is not a company official). */
  customRate: boolean;
  /** The company official is invited to open a personal account. */
  openAccountInvitation: boolean;
}

/**
 * Reads the one offer that applies to the organization's type (a GET the API answers for it).
 * @param org the organization the caller acts for (its `type` decides which read is made)
 * @returns both false when the API cannot say (no offer rather than a wrong one)
 * @throws the redirects of an ended session
 */
export async function organizationOffers(
  api: Api,
  user: Pick<WhoAmI, "organizations">,
  org: { id: string; type: string },
): Promise<OrganizationOffers> {
  if (org.type === "COMPANY_OFFICIAL") {
    return { customRate: false, openAccountInvitation: await personalAccountInvitation(api, user) };
  }
  return { customRate: await customRateEnabled(api, org.id), openAccountInvitation: false };
}
