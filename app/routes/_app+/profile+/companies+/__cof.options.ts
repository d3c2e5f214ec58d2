/** Choices of the company officials' forms (./__cof.screen.tsx lists them; ./__cof.schema.ts accepts these only). */
export const OFFICIAL_TYPES = ["MAIN_REPRESENTATIVE", "DIRECTOR", "SHAREHOLDER", "UBO"] as const;
export const NATURES = ["DIRECT_CONTROL", "INDIRECT_CONTROL"] as const;
