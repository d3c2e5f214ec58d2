import { readFileSync } from "node:fs";
import { redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import { listErrorMessage, settleList } from "./list-errors.server";
import { OpsApiError } from "./ops.server";
import type { Translate } from "./server-errors";

/** A translator over the real errors.json of `lng` ("errors:a.b" → the text; unknown keys → defaultValue). */
function translator(lng: string): Translate {
  const errors = JSON.parse(readFileSync(`public/locales/${lng}/errors.json`, "utf8"));
  return (key, options) => {
    const path = key.replace(/^errors:/, "").split(".");
    let v: unknown = errors;
    for (const p of path) v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[p] : undefined;
    return typeof v === "string" ? v : (options?.defaultValue ?? key);
  };
}

const en = translator("en");
const de = translator("de");
const fail = (status: number, body: unknown) => new ApiError(status, body as never);

describe("listErrorMessage (spec 000 §7 failed lists, §8)", () => {
  it("passes a string message on as it is", () => {
    expect(listErrorMessage(fail(400, { statusCode: 400, code: "VALIDATION_FAILED", message: "Dates out of range" }), en)).toBe(
      "Dates out of range",
    );
  });

  it("joins the texts of a message list (strings, and each field error's first constraint)", () => {
    const body = {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [
        "Too many filters",
        { property: "transferDateFrom", constraints: { isIsoDate: "transferDateFrom must be an ISO date", other: "x" } },
      ],
    };
    expect(listErrorMessage(fail(400, body), en)).toBe("Too many filters, Transfer Date From must be an ISO date");
  });

  it("shows 'Internal Server Error. Try Again' when the message is missing or neither text nor list", () => {
    for (const body of [
      { statusCode: 400, code: "VALIDATION_FAILED" },
      { statusCode: 400, code: "VALIDATION_FAILED", message: 42 },
      { statusCode: 400, code: "VALIDATION_FAILED", message: { text: "x" } },
      { statusCode: 400, code: "VALIDATION_FAILED", message: [] },
      { statusCode: 400, code: "UNKNOWN", message: undefined },
    ])
      expect(listErrorMessage(fail(400, body), de), JSON.stringify(body)).toBe("Interner Serverfehler. Bitte erneut versuchen");
  });

  it("translates a known constraint id and a known code into the page's language", () => {
    const nul = {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [{ property: "search", constraints: { noNulCharacters: "search must not contain NUL characters" } }],
    };
    expect(listErrorMessage(fail(400, nul), de)).toBe(
      "Eine Suche oder ein Filter enthält ein unsichtbares Steuerzeichen. Entfernen Sie es und versuchen Sie es erneut.",
    );
    expect(listErrorMessage(fail(404, { statusCode: 404, code: "NOT_FOUND", message: "Account not found" }), en)).toBe(
      "Not found.",
    );
  });

  it("words a refused character for a list, not for a form field, in every language", () => {
    const nul = {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [{ property: "search", constraints: { noNulCharacters: "search must not contain NUL characters" } }],
    };
    for (const lng of ["en", "de", "ar"]) {
      const t = translator(lng);
      const text = listErrorMessage(fail(400, nul), t);
      expect(text, lng).toBe(t("errors:Lists.constraints.noNulCharacters"));
      expect(text, lng).not.toBe(t("errors:constraints.noNulCharacters"));
    }
    expect(listErrorMessage(fail(400, nul), en)).toBe(
      "A search or filter holds an invisible control character. Remove it and try again.",
    );
    // A constraint without a list wording keeps the form's translation.
    const iban = { statusCode: 400, code: "VALIDATION_FAILED", message: [{ property: "x", constraints: { isIban: "bad" } }] };
    expect(listErrorMessage(fail(400, iban), en)).toBe("Enter a valid IBAN");
  });

  it("takes the back office's API answers too (OpsApiError), with the same rules", () => {
    const ops = (status: number, body: unknown) => new OpsApiError(status, body as never);
    expect(listErrorMessage(ops(400, { statusCode: 400, code: "VALIDATION_FAILED", message: "No such status" }), en)).toBe(
      "No such status",
    );
    expect(listErrorMessage(ops(500, { statusCode: 500, code: "INTERNAL", message: "pg: relation missing" }), en)).toBe(
      "Internal Server Error. Try Again",
    );
  });

  it("never passes on a 5xx's body: the generic text instead", () => {
    for (const status of [500, 502, 503])
      expect(
        listErrorMessage(
          fail(status, { statusCode: status, code: "INTERNAL", message: 'relation "postings" does not exist at Pool.query' }),
          en,
        ),
      ).toBe("Internal Server Error. Try Again");
  });

  it("throws on what is not an API answer (redirects of the session handling, bugs)", () => {
    const toLogin = redirect("/auth/phone");
    expect(() => listErrorMessage(toLogin, en)).toThrow();
    try {
      listErrorMessage(toLogin, en);
    } catch (thrown) {
      expect(thrown).toBe(toLogin);
    }
    expect(() => listErrorMessage(new TypeError("x is undefined"), en)).toThrow(TypeError);
  });
});

describe("settleList", () => {
  const request = new Request("http://x/beneficiaries", { headers: { "Accept-Language": "en" } });

  it("gives the data of a list that loaded", async () => {
    expect(await settleList(request, Promise.resolve([1, 2]))).toEqual({ data: [1, 2], error: null });
  });

  it("gives the error text of a list the API refused", async () => {
    const refused = Promise.reject(fail(400, { statusCode: 400, code: "VALIDATION_FAILED", message: "No such filter" }));
    expect(await settleList(request, refused)).toEqual({ data: null, error: "No such filter" });
  });

  it("gives the error text of a back-office list the ops API refused", async () => {
    const refused = Promise.reject(new OpsApiError(400, { statusCode: 400, code: "VALIDATION_FAILED", message: "Bad q" }));
    expect(await settleList(request, refused)).toEqual({ data: null, error: "Bad q" });
  });

  it("throws a redirect on (401/403 keep their handling)", async () => {
    const toDenied = redirect("/permission-denied");
    await expect(settleList(request, Promise.reject(toDenied))).rejects.toBe(toDenied);
  });
});
