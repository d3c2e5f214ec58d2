/**
 * The white-label brand (spec 000 §1 "The product is white-label (brand settings exist; their
 * content is not shown)", §7 `GET /v1/settings/whitelabel`, `/v1/settings/company-phone`):
 * the bank's name, logo, colours and support contacts, stored as one JSON row of `settings`
 * (key WHITELABEL) so that changing the brand needs no rebuild.
 *
 * Decided (docs/decisions.md "White label"): two colours, the primary colour and its darker
 * hover/active shade, each with at least 4.5:1 contrast against white (WCAG 2.2 SC 1.4.3: they
 * carry white button text and are used as link colour on white); a PNG, JPEG or WebP logo of at
 * most 100 KB (no SVG: an SVG can carry script); support e-mail and phone; the company phone.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Database, Tx } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";
import { DomainError } from "../errors.js";
import { BANK_NAME } from "../bank-details.js";
import type { WhiteLabel } from "../../api/v1/contract.js";

/** The settings key holding the brand. */
export const SETTING_WHITELABEL = "WHITELABEL";
/** Largest logo accepted, in bytes. */
export const MAX_LOGO_BYTES = 100 * 1024;
/** Logo types accepted (read from the bytes, never from a name). */
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** The stored brand. Colours are `#rrggbb` (lower case); phones E.164. */
export interface Brand {
  name: string;
  colors: { primary: string; primaryDark: string };
  support: { email: string | null; phone: string | null };
  companyPhone: string | null;
  logo: { mimeType: (typeof LOGO_MIME_TYPES)[number]; base64: string } | null;
}

/** The bank's brand before anyone sets one: today's name and colours (app/styles/global.css). */
export const DEFAULT_BRAND: Brand = {
  name: BANK_NAME,
  colors: { primary: "#0b4f8a", primaryDark: "#083a66" },
  support: { email: null, phone: null },
  companyPhone: null,
  logo: null,
};

/** One field `brand:set` can change, with its value as typed. */
export type BrandField = "name" | "primary" | "primary-dark" | "support-email" | "support-phone" | "company-phone";
export const BRAND_FIELDS: readonly BrandField[] = [
  "name",
  "primary",
  "primary-dark",
  "support-email",
  "support-phone",
  "company-phone",
];

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** WCAG 2.2 relative luminance of a `#rrggbb` colour (0 black … 1 white). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Contrast ratio of a `#rrggbb` colour against white (WCAG 2.2 definition: (L1 + 0.05) / (L2 + 0.05)).
 * @returns 1 (white) … 21 (black)
 */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * Check one brand field's new value.
 * @returns the normalized value (trimmed; colours lower case; empty contacts → null)
 * @throws DomainError 400 VALIDATION_FAILED on `value` (empty or long name, not `#rrggbb`,
 *   contrast under 4.5:1 against white, malformed e-mail or phone)
 */
export function checkBrandField(field: BrandField, raw: string): string | null {
  const value = raw.trim();
  const invalid = (message: string) =>
    new DomainError("VALIDATION_FAILED", [{ property: "value", constraints: { brand: message } }]);
  switch (field) {
    case "name":
      if (value.length < 1 || value.length > 60 || [...value].some((c) => c.charCodeAt(0) < 0x20))
        throw invalid("The name must be 1 to 60 printable characters");
      return value;
    case "primary":
    case "primary-dark": {
      const colour = value.toLowerCase();
      if (!HEX_COLOUR.test(colour)) throw invalid("A colour is #rrggbb");
      if (contrastWithWhite(colour) < 4.5)
        throw invalid(`${colour} has ${contrastWithWhite(colour).toFixed(2)}:1 contrast with white; at least 4.5:1 is needed`);
      return colour;
    }
    case "support-email":
      if (value === "") return null;
      if (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw invalid("Not an e-mail address");
      return value;
    case "support-phone":
    case "company-phone":
      if (value === "") return null;
      if (!/^\+[1-9]\d{6,14}$/.test(value)) throw invalid("A phone number in E.164 form (+447700900123)");
      return value;
  }
}

/** The stored brand merged over the defaults (a partial or older row still yields a whole brand). */
export async function getBrand(db: Database | Tx): Promise<Brand> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING_WHITELABEL)).limit(1);
  const stored = (row?.value ?? {}) as Partial<Brand>;
  return {
    name: stored.name ?? DEFAULT_BRAND.name,
    colors: { ...DEFAULT_BRAND.colors, ...stored.colors },
    support: { ...DEFAULT_BRAND.support, ...stored.support },
    companyPhone: stored.companyPhone ?? DEFAULT_BRAND.companyPhone,
    logo: stored.logo ?? null,
  };
}

/**
 * Read, change and store the brand as one unit: the row is locked (created first when missing),
 * so two staff changes at once never lose one another (each field change is a read-modify-write
 * of the one JSON row).
 */
async function updateBrand(db: Database, change: (brand: Brand) => Brand): Promise<Brand> {
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: SETTING_WHITELABEL, value: {} }).onConflictDoNothing();
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SETTING_WHITELABEL)).for("update");
    const brand = change(await getBrand(tx));
    await tx.update(settings).set({ value: brand }).where(eq(settings.key, SETTING_WHITELABEL));
    return brand;
  });
}

/**
 * Change one field of the brand (staff: `npm run bank -- brand:set <field> <value>`).
 * @returns the whole brand after the change
 * @throws DomainError 400 VALIDATION_FAILED (see checkBrandField)
 */
export async function setBrandField(db: Database, field: BrandField, raw: string): Promise<Brand> {
  const value = checkBrandField(field, raw);
  return updateBrand(db, (brand) => {
    if (field === "name") brand.name = value!;
    else if (field === "primary") brand.colors.primary = value!;
    else if (field === "primary-dark") brand.colors.primaryDark = value!;
    else if (field === "support-email") brand.support.email = value;
    else if (field === "support-phone") brand.support.phone = value;
    else brand.companyPhone = value;
    return brand;
  });
}

/**
 * Replace the logo (staff: `brand:set logo <file>`), or remove it with `bytes` null.
 * @param bytes the image; its type is read from the bytes
 * @throws DomainError 400 VALIDATION_FAILED on `value`: not PNG, JPEG or WebP, empty, or over MAX_LOGO_BYTES
 */
export async function setBrandLogo(db: Database, bytes: Buffer | null): Promise<Brand> {
  if (bytes === null) return updateBrand(db, (brand) => ({ ...brand, logo: null }));
  const invalid = (message: string) =>
    new DomainError("VALIDATION_FAILED", [{ property: "value", constraints: { brand: message } }]);
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES)
    throw invalid(`The logo must be 1 byte to ${MAX_LOGO_BYTES / 1024} KB`);
  const type = await fileTypeFromBuffer(bytes);
  const mimeType = LOGO_MIME_TYPES.find((m) => m === type?.mime);
  if (!mimeType) throw invalid("The logo must be a PNG, JPEG or WebP image");
  return updateBrand(db, (brand) => ({ ...brand, logo: { mimeType, base64: bytes.toString("base64") } }));
}

/** Back to DEFAULT_BRAND (staff: `brand:reset`). */
export async function resetBrand(db: Database): Promise<Brand> {
  await db.delete(settings).where(eq(settings.key, SETTING_WHITELABEL));
  return getBrand(db);
}

/** A short digest of the whole brand (logo included): changes when anything changes. */
export function brandVersion(brand: Brand): string {
  return crypto.createHash("sha256").update(JSON.stringify(brand)).digest("base64url").slice(0, 12);
}

/** The public view of the brand (GET /v1/settings/whitelabel). */
export function toWhiteLabel(brand: Brand, apiPrefix = "/api/v1"): WhiteLabel {
  const version = brandVersion(brand);
  return {
    name: brand.name,
    logoUrl: brand.logo ? `${apiPrefix}/settings/whitelabel/logo?v=${version}` : null,
    colors: brand.colors,
    support: brand.support,
    version,
  };
}
