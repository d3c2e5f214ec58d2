import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import { downloadFailed, fileNotFound } from "./file-download.server";

describe("downloadFailed", () => {
  const back = { href: "/history", key: "history:item.back" };
  const refused = new ApiError(400, {
    statusCode: 400,
    code: "VALIDATION_FAILED",
    message: [{ property: "coreError", constraints: { statementTooLong: "The statement would list more than 5000 operations" } }],
  } as never);

  it("says a refusal in the page's language where the web app has words for it (errors:constraints)", async () => {
    const request = new Request("http://x/history/statement", { headers: { "Accept-Language": "de" } });
    const res = await downloadFailed(request, refused, back, new Headers());
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Der Kontoauszug würde mehr als 5.000 Umsätze enthalten.");
    expect(html).not.toContain("5000 operations");
  });

  it("keeps the API's words for a refusal it has none for", async () => {
    const other = new ApiError(400, {
      statusCode: 400,
      code: "VALIDATION_FAILED",
      message: [{ property: "currencyId", constraints: { somethingNew: "currencyId is odd" } }],
    } as never);
    const res = await downloadFailed(new Request("http://x/history/statement"), other, back, new Headers());
    expect(await res.text()).toContain("currencyId is odd");
  });

  it("a busy API (503 SERVICE_BUSY: too many documents drawing) is 'try again in a few seconds', 503 with Retry-After", async () => {
    const busy = new ApiError(503, {
      statusCode: 503,
      code: "SERVICE_BUSY",
      message: "Too many documents are being prepared right now. Try again in a few seconds.",
      retryAfter: 5,
    });
    const request = new Request("http://x/history/statement", { headers: { "Accept-Language": "de" } });
    const res = await downloadFailed(request, busy, back, new Headers());
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    const html = await res.text();
    expect(html).toContain("Gerade werden sehr viele Dokumente erstellt.");
    expect(html).not.toContain("Interner Serverfehler");
  });

  it("the user's document limit (429 RATE_LIMITED) is 'try again in a few minutes' in the page's language, 429 with Retry-After", async () => {
    const limited = new ApiError(429, {
      statusCode: 429,
      code: "RATE_LIMITED",
      message: "Too many requests. Try again later.",
      retryAfter: 312,
    });
    const request = new Request("http://x/history/statement", { headers: { "Accept-Language": "de" } });
    const res = await downloadFailed(request, limited, back, new Headers());
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("312");
    const html = await res.text();
    expect(html).toContain("Sie haben in kurzer Zeit viele Dokumente heruntergeladen.");
    expect(html).not.toContain("Too many requests");
  });

  it("is in the page's language and direction: Arabic right to left (not lang=en), with the app's styles", async () => {
    const request = new Request("http://x/history/statement", { headers: { "Accept-Language": "ar" } });
    const html = await (
      await downloadFailed(request, new Error("invalid filter"), back, new Headers(), "history:export.invalid")
    ).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<main class="error-page">');
    const english = await (await downloadFailed(new Request("http://x/history/statement"), refused, back, new Headers())).text();
    expect(english).toContain('<html lang="en" dir="ltr">');
  });
});

describe("fileNotFound", () => {
  it("is in the page's language and direction", async () => {
    const request = new Request("http://x/payments/1/documents/2", { headers: { "Accept-Language": "ar" } });
    const res = await fileNotFound(request, { href: "/payments", key: "common:back" }, new Headers());
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html lang="ar" dir="rtl">');
  });
});
