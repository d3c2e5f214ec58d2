/**
 * The languages the bank writes in (issue 12: the app's English, German and Arabic) and the
 * choice of one from a request. The web app sends the page's language with every API call
 * (Accept-Language), so documents and one-time code messages follow the reader's page.
 */
export type Language = "en" | "de" | "ar";

/**
 * The first supported language of an Accept-Language header (RFC 9110 §12.5.4, q-values
 * honoured, region ignored: "de-AT" → de), English when none.
 * @param acceptLanguage the header's value, or undefined when absent
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return "en";
  const ranked = acceptLanguage
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      // A malformed weight (q=abc) drops the entry (q 0).
      const weight = params.find((p) => /^\s*q=/i.test(p));
      const q =
        weight === undefined ? 1 : /^\s*q=(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i.test(weight) ? Number(weight.split("=")[1]) : 0;
      return { lang: tag.trim().toLowerCase().split("-")[0], q, i };
    })
    .filter((x) => x.q > 0 && Number.isFinite(x.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { lang } of ranked) if (lang === "en" || lang === "de" || lang === "ar") return lang;
  return "en";
}
