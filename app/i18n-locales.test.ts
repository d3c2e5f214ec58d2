/**
 * The CI check that every language is complete (issue 12: "a CI check fails on any key missing
 * in any language"): for each language of SUPPORTED_LANGUAGES and each namespace of
 * ALL_NAMESPACES, the file exists and has exactly English's keys — a plural key (`x_one`,
 * `x_other` in English) in every plural category the language has (Intl.PluralRules: Arabic
 * has six) — and each value carries the same `{{placeholders}}` as the English one. A plural
 * form may leave out `{{count}}` (English "Decline this payment?", Arabic "تحويلان" say the
 * number in words) but no other placeholder. In a right-to-left language, a phone number (an
 * example, or `{{phone}}`), and an example of numbers joined by hyphens or spaces (an invoice or
 * sort code) or an IBAN, sits between the Unicode isolates U+2066 … U+2069, so it reads left to
 * right: "+44 7700 900001", not "900001 7700 44+", "2024-117", not "117-2024" (UAX #9; W3C
 * "Inline markup and bidirectional text"). A hint of an onboarding date field (a native date
 * input, in the browser's own format) writes out no date to type; an amount hint names both
 * decimal separators the amount input takes.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_NAMESPACES, directionOf, SUPPORTED_LANGUAGES } from "./i18n";

const DIR = path.resolve("public/locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = "", out: Flat = new Map()): Flat {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function read(lng: string, ns: string): Flat | null {
  const file = path.join(DIR, lng, `${ns}.json`);
  return fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, "utf8"))) : null;
}

/**
 * Left-to-right examples in `text` not isolated left to right (U+2066 LRI … U+2069 PDI): phone
 * numbers (and `{{phone}}`), numbers joined by hyphens or spaces (an invoice number 2024-117, a
 * sort code 12-34-56, a date: after Arabic letters they read 117-2024, 56-34-12), IBANs and file
 * types (".pdf" after Arabic letters reads "pdf.").
 */
export function unisolatedLtrRuns(text: string): string[] {
  return [
    ...text.matchAll(
      /(\+\d[\d \u00a0]*\d|\{\{phone\}\}|\d+(?:[- \u00a0]\d+)+|[A-Z]{2}\d{2}(?:[ \u00a0][A-Z0-9]{1,4})+|(?<![A-Za-z0-9])\.(?:pdf|png|jpe?g|xlsx|docx|csv)\b)/g,
    ),
  ]
    .filter((m) => text[m.index! - 1] !== "\u2066" || text[m.index! + m[0].length] !== "\u2069")
    .map((m) => m[0]);
}

/**
 * Example phone numbers ("+44 7700 900001") and IBANs ("DE89 3704 …") in `text` whose groups are
 * joined by ordinary spaces, where a narrow screen breaks the example across two lines ("+44" at the
 * end of one, "7700 900001" on the next): their groups are joined by no-break spaces (U+00A0).
 */
export function breakableExamples(text: string): string[] {
  return [...text.matchAll(/\+\d{1,3}(?:[ \u00a0]\d{2,6})+|\b[A-Z]{2}\d{2}(?:[ \u00a0][A-Z0-9]{1,4}){3,}/g)]
    .map((m) => m[0])
    .filter((example) => example.includes(" "));
}

/** A date written out as an example: 27 3 1990, 27.03.1990, 1980-03-27. */
const DATE_EXAMPLE = /\d{1,4}([ ./-])\d{1,2}\1\d{1,4}/;

function placeholders(text: string, plural = false): string[] {
  const names = [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]);
  return [...new Set(names)].filter((n) => !(plural && n === "count")).sort();
}

/**
 * The keys (and the English text each must match in placeholders) that `lng` must have for
 * English's `en`: plural stems get the language's own categories.
 */
export function expectedKeys(en: Flat, lng: string): Map<string, string> {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const out = new Map<string, string>();
  for (const [key, text] of en) {
    if (!PLURAL_SUFFIX.test(key)) {
      out.set(key, text);
      continue;
    }
    const stem = key.replace(PLURAL_SUFFIX, "");
    const other = en.get(`${stem}_other`) ?? text;
    for (const c of categories) out.set(`${stem}_${c}`, other);
  }
  return out;
}

describe("locale files", () => {
  it("English has exactly the namespaces the app loads", () => {
    const files = fs.readdirSync(path.join(DIR, "en")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...ALL_NAMESPACES].sort());
  });

  it("the check itself sees a missing key, a missing plural form and a lost placeholder", () => {
    const en: Flat = new Map([
      ["a", "Pay {{amount}}"],
      ["n_one", "{{count}} item"],
      ["n_other", "{{count}} items"],
    ]);
    const ar = expectedKeys(en, "ar");
    expect([...ar.keys()].sort()).toEqual(["a", "n_few", "n_many", "n_one", "n_other", "n_two", "n_zero"]);
    expect(placeholders("Zahlen {{ amount }}")).toEqual(["amount"]);
    expect(placeholders("Zahlen")).not.toEqual(placeholders(en.get("a")!));
  });

  it("the isolation check sees a phone number, an invoice number, a sort code or an IBAN that would read backwards", () => {
    expect(unisolatedLtrRuns("مثال: +44 7700 900001")).toEqual(["+44 7700 900001"]);
    expect(unisolatedLtrRuns("أرسلنا رمزًا إلى {{phone}}.")).toEqual(["{{phone}}"]);
    expect(unisolatedLtrRuns("مثال: \u2066+44 7700 900001\u2069, \u2066{{phone}}\u2069")).toEqual([]);
    expect(unisolatedLtrRuns("مثل «فاتورة 2024-117»، مثال: 12-34-56")).toEqual(["2024-117", "12-34-56"]);
    expect(unisolatedLtrRuns("مثال: DE89 3704 0044 0532 0130 00")).toEqual(["DE89 3704 0044 0532 0130 00"]);
    expect(unisolatedLtrRuns("مثل «فاتورة \u20662024-117\u2069»، 2 إلى 100، 1.18، 24/7، 10 MB")).toEqual([]);
    expect(unisolatedLtrRuns(".pdf أو .png و.docx")).toEqual([".pdf", ".png", ".docx"]);
    expect(unisolatedLtrRuns("\u2066.pdf\u2069 أو \u2066.png\u2069، www.example.com")).toEqual([]);
  });

  it("the no-break check sees an example phone number or IBAN that a line could break inside", () => {
    expect(breakableExamples("for example +44 7700 900001")).toEqual(["+44 7700 900001"]);
    expect(breakableExamples("For example DE89 3704 0044 0532 0130 00")).toEqual(["DE89 3704 0044 0532 0130 00"]);
    expect(breakableExamples("for example +44\u00a07700\u00a0900001, DE89\u00a03704\u00a00044\u00a00532")).toEqual([]);
    expect(breakableExamples("+447700900001, 2 to 100, 10 MB")).toEqual([]);
  });

  for (const lng of SUPPORTED_LANGUAGES)
    for (const ns of ALL_NAMESPACES)
      it(`${lng}/${ns}.json keeps each example phone number and IBAN on one line`, () => {
        const split = [...read(lng, ns)!].filter(([, text]) => breakableExamples(text).length > 0).map(([k]) => k);
        expect(split, `examples in ${lng}/${ns} joined by breaking spaces (use U+00A0)`).toEqual([]);
      });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => directionOf(l) === "rtl"))
    for (const ns of ALL_NAMESPACES)
      it(`${lng}/${ns}.json isolates left-to-right examples (phone numbers, references, codes) left to right`, () => {
        const backwards = [...read(lng, ns)!].filter(([, text]) => unisolatedLtrRuns(text).length > 0).map(([k]) => k);
        expect(backwards, `examples in ${lng}/${ns} without U+2066 … U+2069 around them`).toEqual([]);
      });

  // Date fields of the onboarding forms are native date inputs, shown in the browser's own format:
  // a hint like "For example, 27 3 1990" contradicts what the customer sees (UX walkthrough).
  for (const lng of SUPPORTED_LANGUAGES)
    it(`${lng}/identity.json: no hint writes out a date to type`, () => {
      const dated = [...read(lng, "identity")!].filter(([k, text]) => /(^|\.)hints\./.test(k) && DATE_EXAMPLE.test(text));
      expect(dated.map(([k]) => k)).toEqual([]);
    });

  // One wording for logging out in each language ("Log Out" on the onboarding pages, "Log out"
  // everywhere else, UX walkthrough).
  for (const lng of SUPPORTED_LANGUAGES)
    it(`${lng}: every 'log out' text is the same`, () => {
      const all = ALL_NAMESPACES.flatMap((ns) => [...read(lng, ns)!].filter(([k]) => /(^|\.)logout$/.test(k)).map(([, v]) => v));
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(new Set(all).size).toBe(1);
    });

  // An amount takes a dot or a comma (server/rules/amount.ts normaliseAmountInput): a hint naming
  // the dot only contradicts German balances ("31.800,00 EUR") (UX walkthrough).
  const SEPARATORS: Record<string, [RegExp, RegExp]> = {
    en: [/\bdot\b/, /\bcomma\b/],
    de: [/\bPunkt/, /\bKomma/],
    ar: [/نقطة/, /فاصلة/],
  };
  for (const lng of SUPPORTED_LANGUAGES)
    it(`${lng}/payments.json: the amount hints name both decimal separators`, () => {
      const hints = [...read(lng, "payments")!].filter(([k]) => /(^|\.)amount-hint(-scale)?$/.test(k));
      expect(hints.length).toBeGreaterThanOrEqual(4);
      expect(hints.filter(([, text]) => !SEPARATORS[lng].every((re) => re.test(text))).map(([k]) => k)).toEqual([]);
    });

  for (const lng of SUPPORTED_LANGUAGES.filter((l) => l !== "en"))
    for (const ns of ALL_NAMESPACES)
      it(`${lng}/${ns}.json has every key of English, with its placeholders`, () => {
        const en = read("en", ns)!;
        const own = read(lng, ns);
        expect(own, `public/locales/${lng}/${ns}.json is missing`).not.toBeNull();
        const expected = expectedKeys(en, lng);
        const missing = [...expected.keys()].filter((k) => !own!.has(k));
        const extra = [...own!.keys()].filter((k) => !expected.has(k));
        expect(missing, `keys missing in ${lng}/${ns}`).toEqual([]);
        expect(extra, `keys in ${lng}/${ns} that English does not have`).toEqual([]);
        const wrong = [...expected].filter(([k, text]) => {
          const plural = PLURAL_SUFFIX.test(k);
          return placeholders(own!.get(k)!, plural).join() !== placeholders(text, plural).join();
        });
        expect(
          wrong.map(([k]) => k),
          `values in ${lng}/${ns} whose {{placeholders}} differ from English`,
        ).toEqual([]);
      });
});
