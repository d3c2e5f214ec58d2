import type { CurrencyCode } from "../../../server/api/v1/contract";
import styles from "./CurrencyIcon.module.css";

/**
 * One currency's icon: badge colour, the symbol's stroke path (32 × 32 box) and whether it is a
 * crypto asset (a hexagon badge instead of a round one, so USD/USDC and EUR/EURC differ by shape,
 * not only by colour). Our own simple drawings; no font, no file, no logo.
 */
type IconSpec = readonly [colour: string, symbol: string, crypto?: 1];

const DOLLAR =
  "M20 12.6c-.8-1-2.2-1.6-3.9-1.6-2.3 0-4 1.2-4 2.8 0 3.9 8 2.4 8 6.3 0 1.7-1.8 2.9-4.1 2.9-1.8 0-3.3-.6-4.2-1.6M16 8.5v15";
const EURO = "M21.5 11.3a6 6 0 1 0 0 9.4M9.5 14.5h8M9.5 17.5h8";

/** Every currency of the app (`CurrencyCode`, GET /v1/currencies): the type makes it complete. */
const ICONS: Record<CurrencyCode, IconSpec> = {
  GBP: ["#8a1c3d", "M20.5 12.5a3.7 3.7 0 0 0-7 1.7V22M10.5 22h11M10.5 17.5h7"],
  EUR: ["#1c4fa0", EURO],
  USD: ["#2b6a30", DOLLAR],
  CNY: ["#b3261e", "M11 9.5l5 7 5-7M16 16.5V23M12 17.5h8M12 20.5h8"],
  RUB: ["#4c3f91", "M13.5 23V10h4a3.3 3.3 0 0 1 0 6.6h-7M10.5 19.8h7"],
  CAD: [
    "#a0361b",
    "M14.5 12a5 5 0 1 0 0 8M24 13c-.5-.6-1.3-1-2.3-1-1.3 0-2.3.7-2.3 1.7 0 2.4 4.7 1.3 4.7 3.7 0 1-1 1.7-2.4 1.7-1 0-2-.4-2.5-1M21.6 10v12",
  ],
  AED: ["#7a5200", "M13 10h2.5a6 6 0 0 1 0 12H13zM9.5 14.5h13M9.5 17.5h13"],
  USDT: ["#21705c", "M10.5 10h11M16 10v13M12.5 18l7-2.6M12.5 21.4l7-2.6", 1],
  USDC: ["#1f5fb8", DOLLAR, 1],
  EURC: ["#3f4bb8", EURO, 1],
  SOL: ["#6a2fb0", "M22 16a6 6 0 1 1-12 0 6 6 0 1 1 12 0M18 16a2 2 0 1 1-4 0 2 2 0 1 1 4 0", 1],
};

/** Any other code: a grey badge with the generic currency sign ¤. */
const FALLBACK: IconSpec = [
  "#5c6573",
  "M20.5 16a4.5 4.5 0 1 1-9 0 4.5 4.5 0 1 1 9 0M10 10l2.3 2.3M22 10l-2.3 2.3M10 22l2.3-2.3M22 22l-2.3-2.3",
];

/** A hexagon badge (crypto assets). */
const HEXAGON = "M16 2l12.1 7v14L16 30 3.9 23V9z";

/**
 * Class of a row holding a `CurrencyIcon` and, as its last child, one element with the texts (a
 * balance's amount, its overdraft): a flex row, icon first, so it sits at the line's start.
 */
export const currencyIconRow = styles.row;

/**
 * Icon of a currency (spec 000 §1 "Icons exist for …", §9 "currency icons 32 px"): a badge in
 * the currency's colour with its symbol (£ € $ ¥ ₽ C$ the dirham sign ₮ ◎), round for fiat and
 * a hexagon for crypto assets; a neutral badge with ¤ for a code the app does not know. Inline
 * SVG, server-rendered. Decorative: the code or amount beside it is the accessible text. In
 * forced-colors mode the badge is outlined and the symbol drawn in the system's text colour.
 */
export function CurrencyIcon({ code, size = 32, className }: { code: string; size?: number; className?: string }) {
  const known = Object.hasOwn(ICONS, code);
  const [colour, symbol, crypto] = known ? ICONS[code as CurrencyCode] : FALLBACK;
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      data-currency-icon={known ? code : "unknown"}
    >
      {crypto ? (
        <path className={styles.badge} d={HEXAGON} fill={colour} stroke={colour} strokeWidth="2" strokeLinejoin="round" />
      ) : (
        <circle className={styles.badge} cx="16" cy="16" r="15" fill={colour} />
      )}
      <path
        className={styles.symbol}
        d={symbol}
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
