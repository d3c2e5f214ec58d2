/**
 * What the profile popup shows (spec 001 §2 "Profile popup", §6), as plain data for the popup
 * (JavaScript) and the /profile/organizations page (without it):
 * - CORPORATE: the companies list plus the personal entry (spec 001 §2 "companies list plus
 *   personal entry"): the personal profile to switch to, or, for a user who has none, a link to
 *   open one (/identity, where an individual application is started or continued);
 * - INDIVIDUAL and COMPANY_OFFICIAL: companies only when demo mode is on or the user is
 *   identified (signed-in pages require identification, so `identified` is passed as is);
 * - any other customer type (no organization): only the applications link;
 * - the company users link only for CORPORATE with current official type MAIN_REPRESENTATIVE.
 */
import type { OrganizationSummary, WhoAmI } from "../../server/api/v1/contract";

/** One organization the user can choose. */
export interface MenuOrganization {
  id: string;
  type: OrganizationSummary["type"];
  name: string;
  active: boolean;
}

export interface ProfileMenuData {
  /** "First Last", or null: the popup then shows a generic title. */
  fullName: string | null;
  /** CORPORATE and COMPANY_OFFICIAL organizations (empty when not shown). */
  companies: MenuOrganization[];
  /** The INDIVIDUAL organization (null when not shown or none). */
  personal: MenuOrganization | null;
  /** Where a CORPORATE customer without a personal profile opens one (the personal entry then), else null. */
  openPersonalHref: string | null;
  /** /profile/companies/{id}/cof for a main representative of the active corporate, else null. */
  companyUsersHref: string | null;
  /** False for a customer with no organization: only the applications link. */
  showProfile: boolean;
}

/** Build the popup's data from whoami and the active organization. */
export function profileMenu(user: WhoAmI, active: OrganizationSummary | null, options: { demo?: boolean } = {}): ProfileMenuData {
  const fullName = [user.profile.firstName, user.profile.lastName].filter(Boolean).join(" ") || null;
  const entry = (o: OrganizationSummary): MenuOrganization => ({
    id: o.id,
    type: o.type,
    name: o.fullName,
    active: o.id === active?.id,
  });
  const type = active?.type;
  const listed =
    type === "CORPORATE" || ((type === "INDIVIDUAL" || type === "COMPANY_OFFICIAL") && (options.demo || user.identified));
  const companyUsersHref =
    type === "CORPORATE" && active?.currentOfficial.companyOfficialType === "MAIN_REPRESENTATIVE"
      ? `/profile/companies/${encodeURIComponent(active.id)}/cof`
      : null;
  const personal = user.organizations.find((o) => o.type === "INDIVIDUAL");
  return {
    fullName,
    companies: listed ? user.organizations.filter((o) => o.type !== "INDIVIDUAL").map(entry) : [],
    personal: listed && personal ? entry(personal) : null,
    openPersonalHref: type === "CORPORATE" && !personal ? "/identity" : null,
    companyUsersHref,
    showProfile: Boolean(type),
  };
}
