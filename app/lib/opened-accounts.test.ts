import { describe, expect, it } from "vitest";
import { parseOpenedAccounts, withOpenedAccount } from "./opened-accounts";

describe("opened accounts in local storage", () => {
  it("reads only boolean entries and survives garbage", () => {
    expect(parseOpenedAccounts(null)).toEqual({});
    expect(parseOpenedAccounts("not json")).toEqual({});
    expect(parseOpenedAccounts("[1,2]")).toEqual({});
    expect(parseOpenedAccounts('{"a":false,"b":"yes","c":true}')).toEqual({ a: false, c: true });
  });
  it("records a toggle and drops accounts the user no longer has", () => {
    const stored = withOpenedAccount({ a: false, gone: false }, "b", false, ["a", "b"]);
    expect(JSON.parse(stored)).toEqual({ a: false, b: false });
    expect(JSON.parse(withOpenedAccount({ a: false }, "a", true, ["a"]))).toEqual({ a: true });
  });
});
