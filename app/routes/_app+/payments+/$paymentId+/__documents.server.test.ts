import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api.server";
import {
  chosenFiles,
  documentsErrorResponse,
  documentsRequired,
  MAX_FILE_BYTES,
  readUploadForm,
  uploadReadErrorResponse,
} from "./__documents.server";

const rule = (thresholdAmount: string | null, requiredKinds: string[] = []) =>
  ({ thresholdAmount, requiredKinds }) as Parameters<typeof documentsRequired>[0];
const payment = (amount: string, kind = "EURO") => ({ amount, kind }) as Parameters<typeof documentsRequired>[1];

describe("documentsRequired", () => {
  it("from the threshold up, compared as decimals", () => {
    expect(documentsRequired(rule("10000.00"), payment("9999.99"))).toBeNull();
    expect(documentsRequired(rule("10000.00"), payment("9999.995"))).toBeNull();
    expect(documentsRequired(rule("10000.00"), payment("10000"))).toBe("amount");
    expect(documentsRequired(rule("10000.00"), payment("10000.00"))).toBe("amount");
    expect(documentsRequired(rule("10000.00"), payment("10000.000000001"))).toBe("amount");
    // Beyond float precision: 2^53 + 1 vs 2^53 (floats would call them equal).
    expect(documentsRequired(rule("9007199254740993"), payment("9007199254740992"))).toBeNull();
    expect(documentsRequired(rule("0.10"), payment("0.1"))).toBe("amount");
  });
  it("always for a listed kind; never by amount without a threshold", () => {
    expect(documentsRequired(rule(null, ["INTERNAL"]), payment("1.00", "INTERNAL"))).toBe("kind");
    expect(documentsRequired(rule("10000.00", ["INTERNAL"]), payment("50000.00", "INTERNAL"))).toBe("kind");
    expect(documentsRequired(rule(null, ["INTERNAL"]), payment("50000.00", "EURO"))).toBeNull();
  });
  it("an unreadable amount counts as needing a document (the server's safe side)", () => {
    expect(documentsRequired(rule("10000.00"), payment("abc"))).toBe("amount");
    expect(documentsRequired(rule("10000.00"), payment("NaN"))).toBe("amount");
  });
});

const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF";

function multipart(parts: [string, string | File][]): Request {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request("http://bank.test/payments/p/sign", { method: "POST", body: form });
}

describe("readUploadForm", () => {
  it("reads the text fields and the files", async () => {
    const { form, error } = await readUploadForm(
      multipart([
        ["csrf", "token"],
        ["intent", "upload"],
        ["files", new File([PDF], "invoice.pdf", { type: "application/pdf" })],
        ["files", new File(["x"], "b.png")],
      ]),
    );
    expect(error).toBeNull();
    expect(form.get("csrf")).toBe("token");
    expect(chosenFiles(form).map((f) => f.name)).toEqual(["invoice.pdf", "b.png"]);
    expect(await chosenFiles(form)[0].text()).toBe(PDF);
  });
  it("an empty file input is no file", async () => {
    const { form } = await readUploadForm(multipart([["files", new File([], "")]]));
    expect(form.getAll("files")).toHaveLength(1);
    expect(chosenFiles(form)).toEqual([]);
  });
  it("a file over 10 MiB stops the read: too-large, with the fields read before it", async () => {
    const big = new File([new Uint8Array(MAX_FILE_BYTES + 2)], "big.pdf");
    const { form, error } = await readUploadForm(
      multipart([
        ["csrf", "token"],
        ["intent", "upload"],
        ["files", big],
      ]),
    );
    expect(error).toBe("too-large");
    expect(form.get("csrf")).toBe("token");
    expect(form.get("intent")).toBe("upload");
    // Exactly 10 MiB + 1 passes here (the API answers it with the same message).
    const edge = await readUploadForm(multipart([["files", new File([new Uint8Array(MAX_FILE_BYTES + 1)], "edge.pdf")]]));
    expect(edge.error).toBeNull();
  });
  it("more than 10 files, a file in another field, long text fields, a broken or empty body", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ["files", new File(["x"], `${i}.pdf`)] as [string, File]);
    expect((await readUploadForm(multipart(eleven))).error).toBe("too-many");
    expect((await readUploadForm(multipart([["other", new File(["x"], "a.pdf")]]))).error).toBe("unreadable");
    expect((await readUploadForm(multipart([["csrf", "x".repeat(5000)]]))).error).toBe("unreadable");
    const raw = (body: string) =>
      new Request("http://bank.test/", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
        body,
      });
    const truncated = raw('--zzz\r\nContent-Disposition: form-data; name="csrf"\r\n\r\ntoken');
    expect((await readUploadForm(truncated)).error).toBe("unreadable");
    expect((await readUploadForm(raw("--zzz\r\nContent-Type: text/plain\r\n\r\nx\r\n--zzz--"))).error).toBe("unreadable");
    // No part at all: an empty form (the upload schema then asks for a file).
    const empty = await readUploadForm(raw("not a multipart body"));
    expect(empty.error).toBeNull();
    expect([...empty.form.keys()]).toEqual([]);
  });
});

const t = (key: string) => `t(${key})`;

describe("errors on the files field", () => {
  it("a refused read", async () => {
    const res = uploadReadErrorResponse("too-large", t);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fieldErrors: { files: "t(errors:Identity.max-size-error)" },
      formId: "documents",
    });
  });
  it("API field errors on files or uploadIds, translated; others as a form message", async () => {
    const fieldError = (property: string, constraints: Record<string, string>) =>
      new ApiError(400, { statusCode: 400, code: "VALIDATION_FAILED", message: [{ property, constraints }] });
    const type = documentsErrorResponse(fieldError("files", { isAllowedType: "files must be PDF…" }), t);
    expect(type.status).toBe(400);
    expect((await type.json()).fieldErrors).toEqual({ files: "t(errors:Payments.documents-type)" });
    const size = documentsErrorResponse(fieldError("files", { maxSize: "Identity.max-size-error" }), t);
    expect((await size.json()).fieldErrors).toEqual({ files: "t(errors:Identity.max-size-error)" });
    const many = documentsErrorResponse(fieldError("uploadIds", { arrayMaxSize: "at most 10" }), t);
    expect((await many.json()).fieldErrors).toEqual({ files: "t(errors:Payments.documents-too-many)" });
    const unknown = documentsErrorResponse(fieldError("files", { somethingNew: "files are odd" }), t);
    expect((await unknown.json()).fieldErrors).toEqual({ files: "files are odd" });
    const pending = documentsErrorResponse(
      new ApiError(409, { statusCode: 409, code: "PAYMENT_NOT_PENDING", message: "Payment is DECLINED" }),
      t,
    );
    expect((await pending.json()).fieldErrors).toEqual({ _form: "t(errors:Payments.not-pending)" });
    expect(() => documentsErrorResponse(new Error("bug"), t)).toThrow("bug");
  });
});
