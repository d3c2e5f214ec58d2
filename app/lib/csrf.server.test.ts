import { describe, expect, it } from "vitest";
import { ensureCsrfToken, verifyCsrf } from "./csrf.server";
import { getSession } from "./session.server";

async function sessionWithToken() {
  const session = await getSession(new Request("http://bank.test/"));
  const { token, created } = ensureCsrfToken(session);
  expect(created).toBe(true);
  expect(ensureCsrfToken(session)).toEqual({ token, created: false });
  return { session, token };
}

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request("http://bank.test/payments/euro", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "bank.test", ...headers },
    body: new URLSearchParams(body).toString(),
  });

async function status(p: Promise<unknown>): Promise<number | "ok"> {
  try {
    await p;
    return "ok";
  } catch (e) {
    return (e as Response).status;
  }
}

describe("verifyCsrf", () => {
  it("accepts the session token and leaves the body readable", async () => {
    const { session, token } = await sessionWithToken();
    const request = post({ csrf: token, amount: "1" }, { Origin: "http://bank.test" });
    expect(await status(verifyCsrf(request, session))).toBe("ok");
    expect((await request.formData()).get("amount")).toBe("1");
  });
  it("answers 403 on a missing or wrong token", async () => {
    const { session, token } = await sessionWithToken();
    expect(await status(verifyCsrf(post({ amount: "1" }), session))).toBe(403);
    expect(await status(verifyCsrf(post({ csrf: token + "x" }), session))).toBe(403);
    const fresh = await getSession(new Request("http://bank.test/"));
    expect(await status(verifyCsrf(post({ csrf: "" }), fresh))).toBe(403);
  });
  it("reads the token of a multipart body (from a clone), or of a form the action parsed", async () => {
    const { session, token } = await sessionWithToken();
    const multipart = (csrf: string) => {
      const form = new FormData();
      form.append("csrf", csrf);
      form.append("files", new File(["%PDF-1.4"], "a.pdf", { type: "application/pdf" }));
      return new Request("http://bank.test/payments/p/sign", { method: "POST", body: form });
    };
    const request = multipart(token);
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(await status(verifyCsrf(request, session))).toBe("ok");
    expect(((await request.formData()).get("files") as File).name).toBe("a.pdf");
    expect(await status(verifyCsrf(multipart(token + "x"), session))).toBe(403);

    const parsed = new FormData();
    parsed.append("csrf", token);
    const consumed = multipart("ignored");
    await consumed.arrayBuffer();
    expect(await status(verifyCsrf(consumed, session, parsed))).toBe("ok");
    expect(await status(verifyCsrf(consumed, session, new FormData()))).toBe(403);
  });
  it("answers 403 on a foreign Origin", async () => {
    const { session, token } = await sessionWithToken();
    expect(await status(verifyCsrf(post({ csrf: token }, { Origin: "https://evil.example" }), session))).toBe(403);
  });
});
