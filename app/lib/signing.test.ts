import { describe, expect, it } from "vitest";
import { batchQuery, batchSelection, canSign, MAX_BATCH, selectedIds, selectionFromForm, selectionSize } from "./signing";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("canSign (spec 000 §4, §6)", () => {
  it("INDIVIDUAL always; an official only with a signatureType other than NONE", () => {
    const official = (signatureType: "NONE" | "SINGLE") => ({ signatureType, companyOfficialType: null });
    expect(canSign({ type: "INDIVIDUAL", currentOfficial: official("NONE") })).toBe(true);
    expect(canSign({ type: "CORPORATE", currentOfficial: official("SINGLE") })).toBe(true);
    expect(canSign({ type: "CORPORATE", currentOfficial: official("NONE") })).toBe(false);
    expect(canSign({ type: "COMPANY_OFFICIAL", currentOfficial: official("NONE") })).toBe(false);
  });
});

describe("selectedIds", () => {
  it("reads repeated fields and comma lists, keeps order, drops repeats and non-ids", () => {
    expect(selectedIds([id(2), `${id(1)},${id(2)}`, "x", "", null, id(3).toUpperCase()])).toEqual([id(2), id(1), id(3)]);
  });
  it(`keeps at most ${MAX_BATCH}`, () => {
    const many = Array.from({ length: MAX_BATCH + 5 }, (_, i) => id(i));
    expect(selectedIds(many)).toEqual(many.slice(0, MAX_BATCH));
  });
});

describe("batchSelection (payments, remittance orders, FX rate requests)", () => {
  it("reads each kind like selectedIds", () => {
    expect(batchSelection({ ids: [`${id(1)},x`], orders: [id(2), id(2)], fx: [id(3).toUpperCase()] })).toEqual({
      ids: [id(1)],
      orders: [id(2)],
      fx: [id(3)],
    });
    expect(batchSelection({ ids: [] })).toEqual({ ids: [], orders: [], fx: [] });
  });
  it(`keeps at most ${MAX_BATCH} in all: payments first, then orders, then requests`, () => {
    const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => id(from + i));
    const sel = batchSelection({ ids: many(0, 15), orders: many(100, 4), fx: many(200, 5) });
    expect(sel).toEqual({ ids: many(0, 15), orders: many(100, 4), fx: many(200, 1) });
    expect(selectionSize(sel)).toBe(MAX_BATCH);
    expect(batchSelection({ ids: many(0, 25), orders: many(100, 2), fx: many(200, 2) })).toEqual({
      ids: many(0, MAX_BATCH),
      orders: [],
      fx: [],
    });
  });
  it("selectionFromForm reads the lists' checkboxes", () => {
    const form = new FormData();
    form.append("paymentId", id(1));
    form.append("paymentOrderId", id(2));
    form.append("fxRequestId", id(3));
    form.append("fxRequestId", id(4));
    expect(selectionFromForm(form)).toEqual({ ids: [id(1)], orders: [id(2)], fx: [id(3), id(4)] });
  });
});

describe("batchQuery", () => {
  it("joins ids with plain commas and encodes the way back", () => {
    expect(batchQuery([id(1), id(2)], "/home?tab=signing")).toBe(`?ids=${id(1)},${id(2)}&back=%2Fhome%3Ftab%3Dsigning`);
  });
  it("adds orders= and fx= only when the selection has them; ids= stays (maybe empty)", () => {
    expect(batchQuery({ ids: [id(1)], orders: [], fx: [] }, "/payments")).toBe(`?ids=${id(1)}&back=%2Fpayments`);
    expect(batchQuery({ ids: [], orders: [id(2), id(3)], fx: [id(4)] }, "/payments", { gone: "1" })).toBe(
      `?ids=&orders=${id(2)},${id(3)}&fx=${id(4)}&back=%2Fpayments&gone=1`,
    );
  });
});
