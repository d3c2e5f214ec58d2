import { describe, expect, it } from "vitest";
import { uploadValidator } from "./__sign.schema";

describe("uploadValidator (the signing page's documents form)", () => {
  const form = (...files: File[]) => {
    const f = new FormData();
    f.append("intent", "upload");
    for (const file of files) f.append("files", file);
    return f;
  };
  it("needs at least one chosen file", async () => {
    expect((await uploadValidator.validate(form(new File(["%PDF"], "a.pdf")))).error).toBeUndefined();
    expect((await uploadValidator.validate(form(new File(["%PDF"], "a.pdf"), new File(["x"], "b.png")))).error).toBeUndefined();
    // An input left empty sends one nameless, empty file.
    expect((await uploadValidator.validate(form(new File([], "")))).error?.fieldErrors).toEqual({
      files: "errors:Payments.documents-choose",
    });
    expect((await uploadValidator.validate(form())).error?.fieldErrors).toEqual({ files: "errors:Payments.documents-choose" });
  });
  it("only for intent=upload", async () => {
    const f = form(new File(["%PDF"], "a.pdf"));
    f.set("intent", "sign");
    expect((await uploadValidator.validate(f)).error?.fieldErrors).toHaveProperty("intent");
  });
});
