/** The beneficiary types of the international form, in display order (its radios; its schema accepts these only). */
export const BENEFICIARY_TYPES = ["INDIVIDUAL", "COMPANY"] as const;
