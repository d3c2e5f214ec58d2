// @vitest-environment jsdom
import { withZod } from "@remix-validated-form/with-zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyValidator } from "./lazy-validator";

const real = withZod(z.object({ code: z.string().regex(/^\d{4}$/, "errors:Auth.code-format") }));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("lazyValidator", () => {
  it("loads nothing until the form is used, then answers as the real validator", async () => {
    const load = vi.fn(async () => real);
    const validator = lazyValidator(load);
    expect(load).not.toHaveBeenCalled();
    expect((await validator.validate({ code: "12a4" })).error?.fieldErrors).toEqual({ code: "errors:Auth.code-format" });
    expect((await validator.validate({ code: "1234" })).data).toEqual({ code: "1234" });
    expect(await validator.validateField({ code: "1" }, "code")).toEqual({ error: "errors:Auth.code-format" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts loading at the first press, key or focus inside a form, not elsewhere on the page", () => {
    document.body.innerHTML = `<nav><a href="/home">Home</a></nav><form><input name="code"></form>`;
    const load = vi.fn(async () => real);
    lazyValidator(load);
    document.querySelector("a")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    document.querySelector("input")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    document.querySelector("input")!.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves the check to the action when the rules cannot load, and tries again on the next use", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(real);
    const validator = lazyValidator(load);
    // Not checked here: valid, so the form is posted and the action checks it.
    const unchecked = await validator.validate({ code: "12a4" });
    expect(unchecked.error).toBeUndefined();
    expect((await validator.validate({ code: "12a4" })).error?.fieldErrors).toEqual({ code: "errors:Auth.code-format" });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("answers no field error while the rules cannot load", async () => {
    const validator = lazyValidator(() => Promise.reject(new Error("offline")));
    expect(await validator.validateField({ code: "1" }, "code")).toEqual({});
  });
});
