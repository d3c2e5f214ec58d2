/**
 * Payment-system mark of a card (spec 000 §3 "schemes visa, mc"), as a small inline SVG: no
 * image request, no third-party asset. Decorative next to the system's name (aria-hidden), or
 * labelled with `label` when it stands alone.
 */
export function CardSchemeIcon({ scheme, label, size = 32 }: { scheme: "visa" | "mc"; label?: string; size?: number }) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true as const };
  return scheme === "visa" ? (
    <svg width={size} height={(size * 2) / 3} viewBox="0 0 48 32" focusable="false" {...a11y}>
      <rect width="48" height="32" rx="4" fill="#fff" />
      <text
        x="24"
        y="21"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="14"
        fontStyle="italic"
        fontWeight="700"
        fill="#1a1f71"
      >
        VISA
      </text>
    </svg>
  ) : (
    <svg width={size} height={(size * 2) / 3} viewBox="0 0 48 32" focusable="false" {...a11y}>
      <rect width="48" height="32" rx="4" fill="#fff" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
    </svg>
  );
}
