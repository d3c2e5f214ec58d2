/**
 * The CSS features the app's stylesheets (app/**\/*.css) may use, each with the browsers that
 * know it and, where a tier (a) browser does not (floor.ts), what happens there: the dropped
 * declaration or rule must only lose decoration, or a fallback is written before it.
 *
 * A property, pseudo-class or pseudo-element, at-rule, media/supports feature, value function
 * or unit that is in no list below fails the check: a new modern feature is added here with
 * its support and, when a tier (a) browser lacks it, its fallback. Versions are the first
 * release with unprefixed support (MDN browser-compat-data / caniuse).
 *
 * One tier (b) rule is checked too (tier (b) must get a working layout without JavaScript):
 * the logical offsets (`inset`, `inset-inline`, `inset-block-end`, …; Chrome 87, Safari 14.1)
 * need a physical offset of the same axis (`left`/`right` for inline, `top`/`bottom` for block)
 * before them in the same rule, so a positioned element is still placed where they are unknown
 * (the right side in Arabic is the author's care: a `[dir="rtl"]` rule); stylesheets only
 * JavaScript ever shows (JS_ONLY_CSS: tier (a) alone runs it) are exempt.
 */
import postcss, { type AtRule, type ChildNode, type Declaration, type Node, type Rule } from "postcss";

export type FeatureKind = "property" | "selector" | "at-rule" | "condition" | "function" | "unit";

/** A feature some tier (a) browser lacks, or one that needs a note. */
export interface ModernFeature {
  kind: FeatureKind;
  /** As written: property name, `:pseudo`/`::pseudo`, at-rule name, `media:feature`, function name, unit. */
  name: string;
  /** First versions with support. */
  support: string;
  /** True when every tier (a) browser supports it. */
  inTierA: boolean;
  /** Where it is unknown (a tier (a) browser, or tier (b)): why that is harmless, or the fallback. */
  fallback: string;
  /** When set, every use must sit inside an `@supports` whose condition matches (its guard). */
  onlyInsideSupports?: RegExp;
  /** When set, the feature must not be used at all: what to write instead. */
  forbidden?: string;
}

/**
 * Properties every tier (b) browser (2018 on) knows: CSS 2.1, flexbox, grid, transforms,
 * animations, custom properties. Their values are checked separately (functions, units).
 */
const LONG_STANDING_PROPERTIES = [
  "align-items",
  "align-self",
  "animation",
  "animation-name",
  "background",
  "background-position",
  "background-size",
  "border",
  "border-bottom",
  "border-bottom-color",
  "border-collapse",
  "border-color",
  "border-radius",
  "border-top",
  "bottom",
  "box-shadow",
  "box-sizing",
  "clip",
  "color",
  "column-gap",
  "content",
  "counter-increment",
  "counter-reset",
  "cursor",
  "display",
  "fill",
  "flex",
  "flex-basis",
  "flex-direction",
  "flex-shrink",
  "flex-wrap",
  "font",
  "font-family",
  "font-size",
  "font-style",
  "font-variant-numeric",
  "font-weight",
  "grid-column",
  "grid-row",
  "grid-template-columns",
  "height",
  "justify-content",
  "justify-self",
  "left",
  "letter-spacing",
  "line-height",
  "list-style",
  "margin",
  "margin-bottom",
  "margin-left",
  "margin-right",
  "margin-top",
  "max-height",
  "max-width",
  "min-height",
  "min-width",
  "opacity",
  "outline",
  "outline-offset",
  "overflow",
  "overflow-wrap",
  "overflow-x",
  "overflow-y",
  "padding",
  "padding-bottom",
  "padding-left",
  "padding-right",
  "padding-top",
  "place-items",
  "position",
  "resize",
  "right",
  "row-gap",
  "stroke",
  "stroke-width",
  "text-align",
  "text-decoration",
  "text-overflow",
  "top",
  "transform",
  "transition",
  "vertical-align",
  "visibility",
  "white-space",
  "width",
  "word-break",
  "z-index",
  "-webkit-text-size-adjust",
  // CSS Modules' own (resolved at build time, never reaches a browser).
  "composes",
];

/** Selectors every tier (b) browser knows (`:not()` with one simple selector, as used). */
const LONG_STANDING_SELECTORS = [
  "::after",
  "::before",
  ":checked",
  ":disabled",
  ":empty",
  ":first-child",
  ":focus",
  ":focus-within",
  ":hover",
  ":last-child",
  ":not",
  ":root",
];

const LONG_STANDING_AT_RULES = ["media", "keyframes", "supports"];
const LONG_STANDING_CONDITIONS = ["media:min-width", "media:max-width", "media:prefers-reduced-motion"];
const LONG_STANDING_FUNCTIONS = [
  "calc",
  "counter",
  "linear-gradient",
  "minmax",
  "rect",
  "repeat",
  "rgb",
  "rgba",
  "scalex",
  "translate",
  "translatex",
  "translatey",
  "url",
  "var",
];
const LONG_STANDING_UNITS = ["%", "deg", "em", "fr", "ms", "px", "rem", "s", "vh", "vw"];

const LOGICAL_SPACING =
  "Where unknown (tier (b): Chrome < 87, Safari < 14.1 for the shorthands; Chrome < 69, Safari < 12.1 for the longhands) only spacing is lost.";

/** Logical offsets: tier (a); in tier (b) server-rendered CSS they need a physical offset before them. */
const LOGICAL_OFFSETS = [
  "inset",
  "inset-block",
  "inset-block-start",
  "inset-block-end",
  "inset-inline",
  "inset-inline-start",
  "inset-inline-end",
];

export const MODERN_FEATURES: readonly ModernFeature[] = [
  ...[
    "margin-block",
    "margin-block-start",
    "margin-block-end",
    "margin-inline",
    "margin-inline-start",
    "margin-inline-end",
    "padding-block",
    "padding-block-start",
    "padding-block-end",
    "padding-inline",
    "padding-inline-start",
    "padding-inline-end",
    "border-block-start",
    "border-block-end",
    "border-inline-start",
    "border-inline-end",
    "inline-size",
    "block-size",
    "min-inline-size",
    "max-inline-size",
    "min-block-size",
    "max-block-size",
  ].map((name): ModernFeature => ({
    kind: "property",
    name,
    support: "Chrome 87, Safari 14.1, Firefox 66 (shorthands); longhands earlier",
    inTierA: true,
    fallback: LOGICAL_SPACING,
  })),
  ...LOGICAL_OFFSETS.map((name): ModernFeature => ({
    kind: "property",
    name,
    support: "Chrome 87, Safari 14.1, Firefox 66",
    inTierA: true,
    fallback:
      'Tier (b) drops it: in server-rendered CSS a physical offset of the same axis comes before it (checked), with a [dir="rtl"] rule where the side matters.',
  })),
  {
    kind: "property",
    name: "border-start-start-radius",
    support: "Chrome 89, Safari 15, Firefox 66",
    inTierA: true,
    fallback: "Tier (b): square corners.",
  },
  {
    kind: "property",
    name: "border-start-end-radius",
    support: "Chrome 89, Safari 15, Firefox 66",
    inTierA: true,
    fallback: "Tier (b): square corners.",
  },
  {
    kind: "property",
    name: "gap",
    support: "grid: every tier (b) browser; flexbox: Chrome 84, Safari 14.1, Firefox 63",
    inTierA: true,
    fallback: "Tier (b) flex rows lose their spacing; nothing overlaps.",
  },
  {
    kind: "property",
    name: "accent-color",
    support: "Chrome 93, Safari 15.4, Firefox 92",
    inTierA: true,
    fallback: "Tier (b): radios and checkboxes in the browser's own colour.",
  },
  {
    kind: "property",
    name: "aspect-ratio",
    support: "Chrome 88, Safari 15, Firefox 89",
    inTierA: true,
    fallback: "Tier (b): the card picture takes its content's height.",
  },
  {
    kind: "property",
    name: "color-scheme",
    support: "Chrome 81, Safari 13, Firefox 96",
    inTierA: true,
    fallback: "Form controls keep the browser's default colours.",
  },
  {
    kind: "property",
    name: "hyphens",
    support: "Chrome 88, Firefox 43; Safari only as -webkit-hyphens before 17",
    inTierA: false,
    fallback: "Safari 15.4–16 does not hyphenate; overflow-wrap still breaks long words. Decoration only.",
  },
  {
    kind: "property",
    name: "overscroll-behavior",
    support: "Chrome 63, Firefox 59, Safari 16",
    inTierA: false,
    fallback: "Safari 15.4–15.x: scrolling past a panel's end scrolls the page behind it. Decoration only.",
  },
  {
    kind: "property",
    name: "forced-color-adjust",
    support: "Chrome 89, Firefox 113; Safari has no forced-colours mode",
    inTierA: true,
    fallback: "Inside @media (forced-colors: active) only, which a browser without it never matches.",
  },
  {
    kind: "property",
    name: "container-type",
    support: "Chrome 105, Safari 16, Firefox 110",
    inTierA: false,
    fallback: "With @container: the base rule is the one-column layout, the container query only widens it.",
  },
  {
    kind: "at-rule",
    name: "container",
    support: "Chrome 105, Safari 16, Firefox 110",
    inTierA: false,
    fallback: "PaymentDetails: one column (label above value) where unknown; the query puts them side by side in a wide box.",
  },
  { kind: "condition", name: "container:min-width", support: "with @container", inTierA: false, fallback: "see @container" },
  {
    kind: "property",
    name: "field-sizing",
    support: "Chrome 123; not Safari 18 nor Firefox 140",
    inTierA: false,
    fallback: "Only inside @supports (field-sizing: content); elsewhere StepFields.tsx sets the rows with JavaScript.",
    onlyInsideSupports: /field-sizing/,
  },
  {
    kind: "condition",
    name: "supports:field-sizing",
    support: "@supports: every tier (b) browser",
    inTierA: true,
    fallback: "The guard of field-sizing.",
  },
  {
    kind: "unit",
    name: "lh",
    support: "Chrome 109, Safari 16.4, Firefox 120",
    inTierA: false,
    fallback: "Only inside @supports (field-sizing: content): every browser with field-sizing (Chrome 123) has lh.",
    onlyInsideSupports: /field-sizing/,
  },
  {
    kind: "condition",
    name: "media:scripting",
    support: "Chrome 120, Safari 17, Firefox 113",
    inTierA: false,
    fallback:
      "Only `(scripting: none)`, to hide what is there for JavaScript (global.css `.until-hydrated`, `.scripts-only`): a browser without the feature never matches, so without JavaScript it keeps an empty line where the identity Back, the history's calendar button and the FX request's preview would be, and shows the signing result's note that its lists update.",
  },
  {
    kind: "condition",
    name: "media:forced-colors",
    support: "Chrome 89, Firefox 89; Safari has no forced-colours mode",
    inTierA: true,
    fallback: "A browser without it never matches the query: the normal icons show.",
  },
  {
    kind: "function",
    name: "min",
    support: "Chrome 79, Safari 11.1, Firefox 75",
    inTierA: true,
    fallback: "Tier (b) Chrome 69–78: the declaration is dropped and the box takes its automatic size.",
  },
  {
    kind: "selector",
    name: ":focus-visible",
    support: "Chrome 86, Safari 15.4, Firefox 85",
    inTierA: true,
    fallback:
      "Tier (b) drops these rules and shows the browser's own focus ring: no rule removes the outline on :focus (except <main>, focused by script only).",
  },
  {
    kind: "selector",
    name: ":where",
    support: "Chrome 88, Safari 14, Firefox 78",
    inTierA: true,
    fallback:
      "global.css's radio and checkbox size: tier (b) drops the rule and draws the browser's default controls, still usable.",
  },
  {
    kind: "selector",
    name: ":has",
    support: "Chrome 105, Safari 15.4, Firefox 121",
    inTierA: false,
    fallback:
      'Where unknown the rule is dropped: history.module.css\'s custom date fields and their hint always show, identity.module.css\'s follow-up questions show with their "If yes" hint and international.module.css\'s intermediary bank fields under their "Only if …" hint (with JavaScript hidden once hydrated, the page moving then).',
  },
  {
    kind: "selector",
    name: "::backdrop",
    support: "Chrome 37, Safari 15.4, Firefox 98",
    inTierA: true,
    fallback: "Only shown by showModal(), i.e. with JavaScript: tier (a) only.",
  },
  {
    kind: "selector",
    name: ":dir",
    support: "Firefox 49, Chrome 120, Safari 16.4",
    inTierA: false,
    fallback: "",
    forbidden:
      'Chrome 96–119 and Safari 15.4–16.3 drop the rule: write `[dir="rtl"] .x` (the <html> element carries dir) instead.',
  },
];

/**
 * Stylesheets only JavaScript shows (lazy chunks: their component renders only after hydration,
 * i.e. in tier (a)); exempt from the tier (b) offset rule. Keyed by the path's ending.
 */
export const JS_ONLY_CSS: Readonly<Record<string, string>> = {
  "components/chat/ChatPopup.module.css": "the chat popup, loaded on the first click of a chat link",
  "components/ui/DateRangePicker.module.css": "the date picker, a lazy chunk; without JavaScript the date inputs are plain",
  "components/ui/CalendarGrid.module.css": "the date picker's months",
  "components/layout/LayoutPopups.module.css": "the layout's popups (session expiry, profile, …), a lazy chunk",
};

/**
 * The physical offsets a logical one needs before it (same axis: inline → left/right, block →
 * top/bottom, `inset` → both), as text for the message; null when they are there or `prop` is
 * no logical offset.
 */
function missingPhysical(prop: string, seen: Set<string>): string | null {
  if (!LOGICAL_OFFSETS.includes(prop)) return null;
  const inline = seen.has("left") || seen.has("right");
  const block = seen.has("top") || seen.has("bottom");
  if (prop === "inset") return inline && block ? null : "top/bottom and left/right";
  if (prop.startsWith("inset-inline")) return inline ? null : "left or right";
  return block ? null : "top or bottom";
}

/** One finding: the file, its line, what is wrong. */
export interface CssViolation {
  file: string;
  line: number;
  message: string;
}

interface Known {
  feature?: ModernFeature;
}

function index(): Map<string, Known> {
  const known = new Map<string, Known>();
  const plain = (kind: FeatureKind, names: string[]) => names.forEach((n) => known.set(`${kind} ${n}`, {}));
  plain("property", LONG_STANDING_PROPERTIES);
  plain("selector", LONG_STANDING_SELECTORS);
  plain("at-rule", LONG_STANDING_AT_RULES);
  plain("condition", LONG_STANDING_CONDITIONS);
  plain("function", LONG_STANDING_FUNCTIONS);
  plain("unit", LONG_STANDING_UNITS);
  for (const f of MODERN_FEATURES) known.set(`${f.kind} ${f.name}`, { feature: f });
  return known;
}
const KNOWN = index();

/** The `@supports` conditions around a node, innermost first. */
function supportsAround(node: ChildNode): string[] {
  const out: string[] = [];
  for (let p: Node | undefined = node.parent; p && p.type !== "root"; p = p.parent) {
    if (p.type === "atrule" && (p as AtRule).name === "supports") out.push((p as AtRule).params);
  }
  return out;
}

/** Value text with strings, url() contents and hex colours blanked (they hold no functions or units). */
function bareValue(value: string): string {
  return value
    .replace(/url\([^)]*\)/gi, "url()")
    .replace(/"[^"]*"|'[^']*'/g, '""')
    .replace(/#[0-9a-f]{3,8}\b/gi, "");
}

/** The features one declaration uses: its property, the functions and units of its value. */
function declFeatures(decl: Declaration): string[] {
  const prop = decl.prop.toLowerCase();
  if (prop.startsWith("--")) return valueFeatures(decl.value); // custom property: only its value
  return [`property ${prop}`, ...valueFeatures(decl.value)];
}

function valueFeatures(value: string): string[] {
  const bare = bareValue(value);
  const out: string[] = [];
  for (const m of bare.matchAll(/([a-zA-Z-]+)\(/g)) out.push(`function ${m[1].toLowerCase()}`);
  for (const m of bare.matchAll(/(?<![a-zA-Z_-])-?(?:\d+\.?\d*|\.\d+)([a-zA-Z%]+)/g)) out.push(`unit ${m[1].toLowerCase()}`);
  return out;
}

/** The pseudo-classes and pseudo-elements of a selector (attribute selectors and strings blanked). */
function selectorFeatures(selector: string): string[] {
  const bare = selector.replace(/"[^"]*"|'[^']*'/g, '""').replace(/\[[^\]]*\]/g, "[]");
  return [...bare.matchAll(/::?[a-zA-Z-]+/g)].map((m) => `selector ${m[0].toLowerCase()}`);
}

/** The at-rule's own name and, for @media/@supports/@container, the features its condition tests. */
function atRuleFeatures(rule: AtRule): string[] {
  const out = [`at-rule ${rule.name.toLowerCase()}`];
  if (["media", "supports", "container"].includes(rule.name)) {
    for (const m of rule.params.matchAll(/\(\s*([a-zA-Z-]+)/g)) out.push(`condition ${rule.name}:${m[1].toLowerCase()}`);
    if (/[<>]/.test(rule.params)) out.push(`condition ${rule.name}:range-syntax`);
  }
  return out;
}

/**
 * Check one stylesheet against the lists above.
 * @param css the stylesheet's text
 * @param file its path (for messages and JS_ONLY_CSS)
 * @returns the findings: unknown features, forbidden ones, guarded ones outside their guard,
 *   nested rules (Chrome 112, Safari 16.5), and logical offsets without a physical one before
 *   them in server-rendered CSS
 */
export function checkCss(css: string, file: string): CssViolation[] {
  const root = postcss.parse(css, { from: file });
  const found: CssViolation[] = [];
  const jsOnly = Object.keys(JS_ONLY_CSS).some((end) => file.replace(/\\/g, "/").endsWith(end));
  const report = (node: ChildNode, message: string) => found.push({ file, line: node.source?.start?.line ?? 0, message });

  const judge = (node: ChildNode, key: string) => {
    const known = KNOWN.get(key);
    if (!known) {
      report(
        node,
        `unknown CSS feature "${key}": add it to scripts/check-browsers/css-features.ts with its support and, if a tier (a) browser lacks it, its fallback`,
      );
      return;
    }
    const f = known.feature;
    if (!f) return;
    if (f.forbidden) report(node, `"${key}" is not allowed: ${f.forbidden}`);
    else if (f.onlyInsideSupports && !supportsAround(node).some((c) => f.onlyInsideSupports!.test(c)))
      report(node, `"${key}" only inside @supports matching ${f.onlyInsideSupports} (${f.fallback})`);
  };

  root.walkAtRules((rule) => atRuleFeatures(rule).forEach((k) => judge(rule, k)));
  root.walkRules((rule: Rule) => {
    const inKeyframes = rule.parent?.type === "atrule" && (rule.parent as AtRule).name.toLowerCase().endsWith("keyframes");
    if (rule.parent?.type === "rule") report(rule, "nested CSS rule (Chrome 112, Safari 16.5): write it out flat");
    if (!inKeyframes) selectorFeatures(rule.selector).forEach((k) => judge(rule, k));
    if (jsOnly) return;
    const seen = new Set<string>();
    for (const node of rule.nodes) {
      if (node.type !== "decl") continue;
      const prop = node.prop.toLowerCase();
      const missing = missingPhysical(prop, seen);
      if (missing)
        report(
          node,
          `"${prop}" without ${missing} before it in the rule: tier (b) (Chrome < 87, Safari < 14.1) drops it and would not place this element`,
        );
      seen.add(prop);
    }
  });
  root.walkDecls((decl) => declFeatures(decl).forEach((k) => judge(decl, k)));
  return found;
}
