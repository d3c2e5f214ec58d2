import { describe, expect, it } from "vitest";
import { CODE_TEXTS, type CodeTexts } from "./texts.js";
import { signatureMessage, type BindingItem } from "../signing/index.js";

describe("one-time code messages in every language", () => {
  const each = (texts: CodeTexts) => [
    texts.login("482913"),
    texts.recovery("482913"),
    texts.staffLogin("482913"),
    texts.codeChannel("482913", "WHATSAPP"),
    texts.pay("482913", "EUR 120.00", "Jane Doe"),
    texts.remit("482913", "EUR 120.00", "Jane Doe"),
    texts.exchange("482913", "GBP 100.00", "EUR 117.37"),
    texts.signSet("482913", { payments: 2, orders: 1, fx: 0 }, ["EUR 150.00", "GBP 5.00"]),
  ];

  it("every message names the code, and the money and payee where there are some", () => {
    for (const [lang, texts] of Object.entries(CODE_TEXTS)) {
      const messages = each(texts);
      for (const m of messages) expect(m, lang).toContain("482913");
      expect(messages[4], lang).toContain("EUR 120.00");
      expect(messages[4], lang).toContain("Jane Doe");
      expect(messages[6], lang).toContain("EUR 117.37");
      expect(messages[7], lang).toContain("GBP 5.00");
      // Distinct words per language (none left in English).
      if (lang !== "en")
        expect(
          messages.filter((m, i) => m === each(CODE_TEXTS.en)[i]),
          lang,
        ).toEqual([]);
    }
  });

  it("German counts use singular and plural nouns; Arabic isolates figures left to right", () => {
    expect(CODE_TEXTS.de.signSet("1234", { payments: 1, orders: 2, fx: 1 }, ["EUR 1.00"])).toBe(
      "Code 1234, um 1 Zahlung und 2 Geldtransfers und 1 Kursanfrage freizugeben: insgesamt EUR 1.00. Geben Sie diesen Code niemals weiter.",
    );
    const ar = CODE_TEXTS.ar.pay("1234", "EUR 120.00", "Jane Doe");
    expect(ar).toContain("\u2066EUR 120.00\u2069");
    expect(ar).toContain("\u2066Jane Doe\u2069");
  });

  it("signatureMessage picks the language's words, English by default", () => {
    const items: BindingItem[] = [{ paymentId: "a", amount: "120", currency: "EUR", payee: { name: "Jane Doe", account: null } }];
    const scale = () => 2;
    expect(signatureMessage("1234", items, scale)).toBe("Code 1234 to pay EUR 120.00 to Jane Doe. Never share this code.");
    expect(signatureMessage("1234", items, scale, "de")).toBe(
      "Code 1234, um EUR 120.00 an Jane Doe zu zahlen. Geben Sie diesen Code niemals weiter.",
    );
  });
});
