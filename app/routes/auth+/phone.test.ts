import { describe, expect, it } from "vitest";
import { codeValidator, passwordValidator, phoneValidator } from "./phone";

describe("login step schemas (same in browser and action)", () => {
  it("phone: strips spaces/dashes/brackets and requires E.164", async () => {
    expect((await phoneValidator.validate({ intent: "phone", phone: "+44 (7700) 900-001" })).data).toEqual({
      intent: "phone",
      phone: "+447700900001",
    });
    expect((await phoneValidator.validate({ intent: "phone", phone: "" })).error?.fieldErrors).toEqual({
      phone: "errors:Auth.phone-required",
    });
    expect((await phoneValidator.validate({ intent: "phone", phone: "07700900001" })).error?.fieldErrors).toEqual({
      phone: "errors:Auth.phone-invalid",
    });
  });
  it("code: empty → 'Payments.code-required', otherwise exactly 4 digits (spec 000 §5, §8)", async () => {
    expect((await codeValidator.validate({ intent: "code", code: "" })).error?.fieldErrors).toEqual({
      code: "errors:Payments.code-required",
    });
    expect((await codeValidator.validate({ intent: "code" })).error?.fieldErrors).toEqual({
      code: "errors:Payments.code-required",
    });
    expect((await codeValidator.validate({ intent: "code", code: "12a4" })).error?.fieldErrors).toEqual({
      code: "errors:Auth.code-format",
    });
    expect((await codeValidator.validate({ intent: "code", code: "12345" })).error?.fieldErrors).toEqual({
      code: "errors:Auth.code-format",
    });
    expect((await codeValidator.validate({ intent: "code", code: " 1234 " })).data).toEqual({ intent: "code", code: "1234" });
  });
  it("password: required", async () => {
    expect((await passwordValidator.validate({ intent: "password", password: "" })).error?.fieldErrors).toEqual({
      password: "errors:Auth.password-required",
    });
  });
});
