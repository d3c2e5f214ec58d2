import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import { uploadErrorResponse, uploadReadErrorResponse } from "./uploads.server";

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
