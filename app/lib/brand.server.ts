/**
 * The white-label brand for the web app (spec 000 §1 white label; API `GET /v1/settings/whitelabel`),
 * read through the API and kept per process for BRAND_TTL_MS, so a brand change by staff
 * (`npm run bank -- brand:set …`) shows on every instance within that time, without a rebuild.
 * When the API cannot answer, the last brand read (or null) is used: the page still renders.
 */
import type { WhiteLabel } from "../../server/api/v1/contract";
import { publicCall } from "./api.server";

/** How long one process reuses the brand it read, in milliseconds. */
export const BRAND_TTL_MS = 10_000;

let cached: { brand: WhiteLabel; at: number } | null = null;
let inFlight: Promise<WhiteLabel | null> | null = null;

/** The current brand, or null when the API has never answered. */
export async function currentBrand(now = Date.now()): Promise<WhiteLabel | null> {
  if (cached && now - cached.at < BRAND_TTL_MS) return cached.brand;
  inFlight ??= publicCall<WhiteLabel>("GET", "/settings/whitelabel")
    .then((brand) => {
      cached = { brand, at: Date.now() };
      return brand;
    })
    .catch(() => cached?.brand ?? null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/**
 * The brand's stylesheet: its colours as the app's CSS custom properties (app/styles/global.css).
 * Only `#rrggbb` values are written (the API checks them too), so nothing else can reach the CSS.
 */
export function brandCss(brand: WhiteLabel | null): string {
  if (!brand) return "";
  const vars: [string, string][] = [
    ["--color-primary", brand.colors.primary],
    ["--color-primary-dark", brand.colors.primaryDark],
  ];
  const lines = vars.filter(([, v]) => HEX_COLOUR.test(v)).map(([k, v]) => `  ${k}: ${v};`);
  return lines.length ? `:root {\n${lines.join("\n")}\n}\n` : "";
}
