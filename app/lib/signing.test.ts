import { describe, expect, it } from "vitest";
import { batchQuery, canSign, MAX_BATCH, selectedIds } from "./signing";

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

describe("batchQuery", () => {
  it("joins ids with plain commas and encodes the way back", () => {
    expect(batchQuery([id(1), id(2)], "/home?tab=signing")).toBe(`?ids=${id(1)},${id(2)}&back=%2Fhome%3Ftab%3Dsigning`);
  });
});
