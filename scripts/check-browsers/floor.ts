/**
 * The browser floor (docs/decisions.md "Browsers we support"), as data the checks read.
 *
 * Tier (a), the full enhanced app: browsers released from about November 2021 (five years),
 * plus Firefox's ESR 115. Tier (b), the server-rendered pages and forms without JavaScript:
 * older browsers from 2018 on. `package.json`'s `browserslist` is tier (a), written from
 * TIER_A (a unit test keeps them equal).
 */

/** One browser of a tier: its browserslist name, the lowest version, and why that one. */
export interface FloorEntry {
  /** browserslist / caniuse browser id. */
  browser: string;
  /** Lowest supported version (browserslist syntax). */
  min: string;
  why: string;
}

/** Tier (a): these run the enhanced app (hydration, client-side validation, popups). */
export const TIER_A: readonly FloorEntry[] = [
  { browser: "chrome", min: "96", why: "Chrome 96, November 2021: five years back" },
  { browser: "edge", min: "96", why: "Chromium Edge, same engine as Chrome 96" },
  { browser: "opera", min: "82", why: "Opera 82 runs Chromium 96" },
  { browser: "and_chr", min: "96", why: "Chrome on Android phones that stopped updating in 2021–2022" },
  { browser: "android", min: "96", why: "Android WebView (in-app browsers) follows Chrome's versions" },
  { browser: "samsung", min: "17", why: "Samsung Internet 17 runs Chromium 96" },
  {
    browser: "safari",
    min: "15.4",
    why: "Safari 15.4, March 2022: <dialog>, :focus-visible, Object.hasOwn; every Mac on Safari 15 gets 15.6",
  },
  {
    browser: "ios_saf",
    min: "15.4",
    why: "iOS 15 is the last iOS for the iPhone 6s, 7 and SE (1st gen), and all of them can install 15.8",
  },
  { browser: "firefox", min: "115", why: "ESR 115, the last Firefox for Windows 7/8.1 and macOS 10.12–10.14" },
  { browser: "and_ff", min: "115", why: "Firefox for Android, same engine as desktop" },
];

/**
 * Tier (b): pages and forms must work without JavaScript (the module scripts fail to parse or
 * the hydration gate says no, lib/browser-floor.ts) and the CSS must not break the layout.
 * Older than this: not supported (the pages are plain HTML forms, but nobody checks them).
 */
export const TIER_B: readonly FloorEntry[] = [
  { browser: "chrome", min: "69", why: "Chrome and Android WebView from September 2018" },
  { browser: "samsung", min: "10", why: "Samsung Internet 10 (Chromium 71)" },
  { browser: "safari", min: "12", why: "Safari 12, September 2018" },
  { browser: "ios_saf", min: "12.2", why: "iOS 12 is the last iOS for the iPhone 5s and 6; all can install 12.5" },
  { browser: "firefox", min: "68", why: "Firefox ESR 68" },
];

/** The browserslist query of a tier, one entry per browser ("chrome >= 96", …). */
export function browserslistOf(tier: readonly FloorEntry[]): string[] {
  return tier.map((e) => `${e.browser} >= ${e.min}`);
}
