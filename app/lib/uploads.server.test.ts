import { describe, expect, it } from "vitest";
import { ByteBudget } from "../../server/rules/byte-budget";
import { ApiError } from "./api.server";
import { wrapRequestHandler } from "./session-scope.server";
import {
  chosenFiles,
  MAX_UPLOAD_BODY_BYTES,
  readUploadForm,
  uploadErrorResponse,
  uploadReadErrorResponse,
  uploadReservation,
} from "./uploads.server";

const t = (key: string) => `t(${key})`;
const fieldError = (property: string, constraints: Record<string, string>) =>
  new ApiError(400, { statusCode: 400, code: "VALIDATION_FAILED", message: [{ property, constraints }] });

describe("upload form answers of another page (contract documents)", () => {
  it("a refused read on the page's form, with its own message for a constraint", async () => {
    const res = uploadReadErrorResponse("too-many", t, "contract-docs", { "too-many": "beneficiaries:files-too-many" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fieldErrors: { files: "t(beneficiaries:files-too-many)" },
      formId: "contract-docs",
    });
    const size = uploadReadErrorResponse("too-large", t, "contract-docs", { "too-many": "beneficiaries:files-too-many" });
    expect((await size.json()).fieldErrors).toEqual({ files: "t(errors:Identity.max-size-error)" });
  });

  it("uploadIds constraints with the page's keys over the defaults; errors on its other fields stay on them", async () => {
    const options = { formId: "contract-docs", fields: ["category"], keys: { isAttached: "beneficiaries:attached" } };
    const attached = uploadErrorResponse(fieldError("uploadIds", { isAttached: "already attached" }), t, options);
    expect(await attached.json()).toMatchObject({ fieldErrors: { files: "t(beneficiaries:attached)" }, formId: "contract-docs" });
    const type = uploadErrorResponse(fieldError("files", { isAllowedType: "files must be PDF…" }), t, options);
    expect((await type.json()).fieldErrors).toEqual({ files: "t(errors:Payments.documents-type)" });
    const category = uploadErrorResponse(fieldError("category", { isEnum: "category must be one of …" }), t, options);
    const body = await category.json();
    expect(body.formId).toBe("contract-docs");
    expect(Object.keys(body.fieldErrors)).toEqual(["category"]);
    expect(() => uploadErrorResponse(new Error("bug"), t, options)).toThrow("bug");
  });
});

/** A multipart upload form as the page sends it: the CSRF token first, then one file; with its Content-Length. */
function uploadRequest(fileBytes = 1000): Request {
  const body =
    `--XyZ\r\nContent-Disposition: form-data; name="csrf"\r\n\r\ntoken-1\r\n` +
    `--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n` +
    `%PDF-${"x".repeat(fileBytes - 5)}\r\n--XyZ--\r\n`;
  return new Request("http://x/payments/p/sign", {
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=XyZ", "content-length": String(Buffer.byteLength(body)) },
    body,
  });
}

describe("readUploadForm under the web app's upload ceiling", () => {
  it("reserves the body's Content-Length (at most one form's maximum) while reading", () => {
    expect(uploadReservation("1234")).toBe(1234);
    expect(uploadReservation(null)).toBe(MAX_UPLOAD_BODY_BYTES);
    expect(uploadReservation("12e3")).toBe(MAX_UPLOAD_BODY_BYTES);
    expect(uploadReservation(String(10 * MAX_UPLOAD_BODY_BYTES))).toBe(MAX_UPLOAD_BODY_BYTES);
  });

  it("when the ceiling is reached, reads the text fields but no file: 'busy', nothing reserved", async () => {
    const budget = new ByteBudget(5000);
    const other = budget.tryAcquire(4500)!;
    const { form, error } = await readUploadForm(uploadRequest(), { budget });
    expect(error).toBe("busy");
    expect(form.get("csrf")).toBe("token-1");
    expect(chosenFiles(form)).toEqual([]);
    expect(budget.inFlight).toBe(4500);
    other();
    const again = await readUploadForm(uploadRequest(), { budget });
    expect(again.error).toBeNull();
    expect(chosenFiles(again.form)).toHaveLength(1);
  });

  it("in a request, holds the bytes until the answer is ready, then releases them — also when the action throws", async () => {
    const budget = new ByteBudget(1024 * 1024);
    const request = uploadRequest();
    const declared = Number(request.headers.get("content-length"));
    let during = -1;
    const handle = wrapRequestHandler(async (req) => {
      const { form, error } = await readUploadForm(req, { budget });
      expect(error).toBeNull();
      expect(chosenFiles(form)).toHaveLength(1);
      during = budget.inFlight;
      return new Response("ok");
    });
    await handle(request);
    expect(during).toBe(declared);
    expect(budget.inFlight).toBe(0);

    const failing = wrapRequestHandler(async (req) => {
      await readUploadForm(req, { budget });
      throw new Error("the API is down");
    });
    await expect(failing(uploadRequest())).rejects.toThrow("the API is down");
    expect(budget.inFlight).toBe(0);
  });

  it("outside a request scope, releases the bytes when the read ends (refused or not)", async () => {
    const budget = new ByteBudget(1024 * 1024);
    await readUploadForm(uploadRequest(), { budget });
    expect(budget.inFlight).toBe(0);
    const tooMany = new Request("http://x/payments/p/sign", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ", "content-length": "9" },
      body: "--XyZ--\r\n",
    });
    await readUploadForm(tooMany, { budget });
    expect(budget.inFlight).toBe(0);
  });

  it("answers 'busy' on the files field with 503 and Retry-After, for a refused read and for the API's SERVICE_BUSY", async () => {
    const read = uploadReadErrorResponse("busy", t);
    expect(read.status).toBe(503);
    expect(read.headers.get("Retry-After")).toBe("5");
    expect((await read.json()).fieldErrors).toEqual({ files: "t(errors:Payments.documents-busy)" });
    const api = new ApiError(503, { statusCode: 503, code: "SERVICE_BUSY", message: "Too many uploads", retryAfter: 5 });
    const forwarded = uploadErrorResponse(api, t, { formId: "contract-docs" });
    expect(forwarded.status).toBe(503);
    expect(await forwarded.json()).toMatchObject({
      fieldErrors: { files: "t(errors:Payments.documents-busy)" },
      formId: "contract-docs",
    });
  });
});
