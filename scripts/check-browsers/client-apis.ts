/**
 * Browser APIs some tier (a) browser lacks (floor.ts; docs/decisions.md "Browsers we support"),
 * looked for in the web app's browser code: app/**\/*.{ts,tsx} but `.server` modules, tests,
 * test helpers and the server entry. A use is allowed only in a file listed with the reason it
 * is safe there (a guard, a fallback, or code that only runs on the server).
 *
 * A text search, not a type analysis: a hit in a route module's loader (server code in a file
 * the browser also gets) is allowed by naming the file. What tier (a) has (ES2022's
 * `Object.hasOwn`, `Array.prototype.at`; `<dialog>`; `crypto.randomUUID`) is not listed: the
 * hydration gate (app/lib/browser-floor.ts) keeps browsers without them on the server-rendered
 * pages.
 */

/** One API some tier (a) browser lacks. */
export interface NewerApi {
  /** Name, for messages. */
  api: string;
  /** Matches a use in source text. */
  pattern: RegExp;
  /** First versions with support, and which tier (a) browsers lack it. */
  support: string;
  /** Files (path endings under app/) where it is allowed, each with why. */
  allowedIn?: Readonly<Record<string, string>>;
  /** What to write instead. */
  instead: string;
}

export const NEWER_APIS: readonly NewerApi[] = [
  {
    api: "HTMLFormElement.requestSubmit",
    pattern: /\.requestSubmit\s*\(/,
    support: "Chrome 76, Firefox 75, Safari 16 (tier (a) has Safari 15.4)",
    allowedIn: { "lib/request-submit.ts": "the guarded helper: a submit button's click where it is missing" },
    instead: "requestSubmit(form, submitter) from ~/lib/request-submit",
  },
  {
    api: "inert",
    pattern: /["'`]inert["'`]|\.inert\b|\binert[=\s/>]/,
    support: "Chrome 102, Safari 15.5, Firefox 112 (tier (a) has Chrome 96, Safari 15.4)",
    allowedIn: {
      "lib/inert-others.ts":
        "an extra for modal dialogs: where the attribute is unknown it does nothing, and use-modal-focus.ts still keeps focus in the dialog",
    },
    instead: "a focus trap (lib/use-modal-focus.ts) that works without it",
  },
  {
    api: "structuredClone",
    pattern: /\bstructuredClone\s*\(/,
    support: "Chrome 98, Safari 15.4, Firefox 94",
    instead: "a copy by hand (spread) or JSON for plain data",
  },
  {
    api: "AbortSignal.timeout / AbortSignal.any",
    pattern: /\bAbortSignal\.(timeout|any)\b/,
    support: "timeout: Chrome 103, Safari 16; any: Chrome 116, Safari 17.4",
    instead: "an AbortController and setTimeout",
  },
  {
    api: "Array.prototype.findLast / findLastIndex",
    pattern: /\.findLast(Index)?\s*\(/,
    support: "Chrome 97, Safari 15.4, Firefox 104",
    instead: "a loop from the end, or [...a].reverse().find()",
  },
  {
    api: "change-array-by-copy (toSorted, toReversed, toSpliced, with)",
    pattern: /\.(toSorted|toReversed|toSpliced)\s*\(/,
    support: "Chrome 110, Safari 16, Firefox 115",
    instead: "[...a].sort() and friends",
  },
  {
    api: "Object.groupBy / Map.groupBy",
    pattern: /\b(Object|Map)\.groupBy\b/,
    support: "Chrome 117, Safari 17.4, Firefox 119",
    instead: "a loop into a Map",
  },
  {
    api: "Promise.withResolvers / Array.fromAsync",
    pattern: /\bPromise\.withResolvers\b|\bArray\.fromAsync\b/,
    support: "Chrome 119–121, Safari 17.4, Firefox 115–121",
    instead: "new Promise((resolve, reject) => …)",
  },
  {
    api: "Set methods (union, intersection, difference, …)",
    pattern: /\.(union|intersection|difference|symmetricDifference|isSubsetOf|isSupersetOf|isDisjointFrom)\s*\(/,
    support: "Chrome 122, Safari 17, Firefox 127",
    instead: "a filter over one set",
  },
  {
    api: "popover",
    pattern: /\bpopover(target|targetaction)?\s*=|\b(show|hide|toggle)Popover\s*\(/i,
    support: "Chrome 114, Safari 17, Firefox 125",
    instead: "a disclosure (button + region) or ModalDialog",
  },
  {
    api: "View transitions",
    pattern: /\bstartViewTransition\b|\bviewTransition\b/,
    support: "Chrome 111, Safari 18, Firefox 144",
    instead: "no transition",
  },
  {
    api: "URL.canParse / URL.parse",
    pattern: /\bURL\.(canParse|parse)\s*\(/,
    support: "Chrome 120, Safari 17, Firefox 115",
    instead: "new URL() in a try",
  },
  {
    api: "Element.checkVisibility",
    pattern: /\.checkVisibility\s*\(/,
    support: "Chrome 105, Safari 17.4, Firefox 106",
    instead: "offsetParent / getClientRects",
  },
  {
    api: "Intl.Segmenter",
    pattern: /\bIntl\.Segmenter\b/,
    support: "Chrome 87, Safari 14.1, Firefox 125 (tier (a) has Firefox 115)",
    instead: "Array.from(string) for code points",
  },
  {
    api: "Intl.NumberFormat v3 (formatRange, roundingMode, trailingZeroDisplay, roundingIncrement)",
    pattern: /\bformatRange(ToParts)?\s*\(|\b(roundingMode|trailingZeroDisplay|roundingIncrement|roundingPriority)\s*:/,
    support: "Chrome 106, Safari 15.4, Firefox 116 (tier (a) has Firefox 115)",
    instead: "format each end; round with decimal.js",
  },
  {
    api: "requestIdleCallback / scheduler.postTask",
    pattern: /\brequestIdleCallback\s*\(|\bscheduler\.(postTask|yield)\b/,
    support: "requestIdleCallback: Chrome 47, Firefox 55, Safari 26 (none before); scheduler: Chrome only",
    instead: "setTimeout",
  },
  {
    api: "Navigation API",
    pattern: /\bwindow\.navigation\b|\bnavigation\.(navigate|addEventListener|currentEntry)\b/,
    support: "Chrome 102, Safari 26, Firefox 147",
    instead: "Remix's navigation (useNavigate, useNavigation)",
  },
  {
    api: "selectors newer than tier (a) in querySelector/matches/closest (:has, :dir)",
    pattern: /["'`][^"'`\n]*:(has|dir)\([^"'`\n]*["'`]/,
    support: ":has Chrome 105, Firefox 121; :dir Chrome 120, Safari 16.4 (querySelector throws where unknown)",
    instead: "walk the DOM, or read the dir attribute",
  },
];

/** One finding: the file, its line, what is wrong. */
export interface ApiViolation {
  file: string;
  line: number;
  message: string;
}

/** True for a file of the app the browser may get (not `.server`, not a test, not test helpers, not the server entry). */
export function isBrowserSource(file: string): boolean {
  const f = file.replace(/\\/g, "/");
  return (
    /\.(ts|tsx)$/.test(f) &&
    !/\.server\.(ts|tsx)$/.test(f) &&
    !/\.server\//.test(f) &&
    !/\.test\.(ts|tsx)$/.test(f) &&
    !/\.d\.ts$/.test(f) &&
    !f.includes("/test-utils/") &&
    !f.endsWith("entry.server.tsx")
  );
}

/** Source text with comments blanked (line numbers kept), so prose about an API is no use of it. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

/**
 * Check one browser source file.
 * @param code its text
 * @param file its path (matched against `allowedIn` by ending)
 * @returns the uses of NEWER_APIS outside their allowed files
 */
export function checkClientApis(code: string, file: string): ApiViolation[] {
  const f = file.replace(/\\/g, "/");
  const lines = withoutComments(code).split("\n");
  const found: ApiViolation[] = [];
  for (const api of NEWER_APIS) {
    if (api.allowedIn && Object.keys(api.allowedIn).some((end) => f.endsWith(end))) continue;
    lines.forEach((text, i) => {
      if (api.pattern.test(text))
        found.push({
          file,
          line: i + 1,
          message: `${api.api} (${api.support}) in browser code: use ${api.instead}, or list this file in scripts/check-browsers/client-apis.ts with the reason it is safe`,
        });
    });
  }
  return found;
}
