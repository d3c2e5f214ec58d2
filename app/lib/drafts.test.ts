import { describe, expect, it } from "vitest";
import { isPaymentsPath, layoutRevalidation, skipDraftRevalidation } from "./drafts";

type Args = Parameters<typeof layoutRevalidation>[0];

function args(from: string, to: string, extra: Partial<Args> = {}): Args {
  const base = "https://bank.test";
  return {
    currentUrl: new URL(from, base),
    nextUrl: new URL(to, base),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: false,
    ...extra,
  } as Args;
}

describe("payment drafts and revalidation (spec 000 §4)", () => {
  it("knows the payment pages", () => {
    expect(isPaymentsPath("/payments")).toBe(true);
    expect(isPaymentsPath("/payments/euro")).toBe(true);
    expect(isPaymentsPath("/payments-orders")).toBe(false);
    expect(isPaymentsPath("/home")).toBe(false);
  });

  it("runs the layout's loader again when a link leaves /payments, so the drafts are cleared", () => {
    expect(layoutRevalidation(args("/payments/gbp/form", "/home"))).toBe(true);
    expect(layoutRevalidation(args("/payments", "/history?period=week"))).toBe(true);
  });

  it("keeps the layout's data on links within /payments and elsewhere", () => {
    expect(layoutRevalidation(args("/payments", "/payments/gbp"))).toBe(false);
    expect(layoutRevalidation(args("/home", "/history"))).toBe(false);
    expect(layoutRevalidation(args("/home", "/payments"))).toBe(false);
  });

  it("follows Remix's default otherwise, except after a background draft save", () => {
    const save = new FormData();
    save.set("intent", "save-draft");
    expect(layoutRevalidation(args("/home", "/home", { defaultShouldRevalidate: true }))).toBe(true);
    expect(
      layoutRevalidation(args("/payments/gbp/form", "/payments/gbp/form", { defaultShouldRevalidate: true, formData: save })),
    ).toBe(false);
    expect(
      skipDraftRevalidation(args("/payments/gbp/form", "/payments/gbp/form", { defaultShouldRevalidate: true, formData: save })),
    ).toBe(false);
    expect(skipDraftRevalidation(args("/payments/gbp/form", "/payments/gbp/form", { defaultShouldRevalidate: true }))).toBe(true);
  });
});
