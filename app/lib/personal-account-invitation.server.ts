/**
 * The home page's invitation to a company official to open a personal account (spec 001 §2
 * "company officials without an account see an invitation", leading to
 * /identity/individual/personal-data): shown only to one who has no INDIVIDUAL organization and
 * no individual application other than a DECLINED one (lib/identity.ts `invitedToPersonalAccount`).
 */
import type { ApplicationSummary, WhoAmI } from "../../server/api/v1/contract";
import type { Api } from "./api.server";
import { invitedToPersonalAccount } from "./identity";
import { listData } from "./identity-reference.server";

/**
 * Whether to invite this company official (GET /v1/clients-applications?all=true, only when no
 * INDIVIDUAL organization already answers no).
 * @returns false when the applications cannot be read now (no invitation rather than a wrong one)
 * @throws the redirects of an ended session
 */
export async function personalAccountInvitation(api: Api, user: Pick<WhoAmI, "organizations">): Promise<boolean> {
  if (!invitedToPersonalAccount(user.organizations, [])) return false;
  try {
    const list = listData<ApplicationSummary>(await api.get<unknown>("/clients-applications", { all: true }));
    return invitedToPersonalAccount(user.organizations, list);
  } catch (error) {
    if (error instanceof Response) throw error;
    return false;
  }
}
