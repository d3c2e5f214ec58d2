import { describe, expect, it } from "vitest";
import { ApiError } from "./api.server";
import { signedByAnotherRequest } from "./sign-action.server";

const refused = (code: string) => new ApiError(401, { statusCode: 401, code, message: "refused" });

/** A check that answers false `falses` times, then true; counts its calls. */
function signedAfter(falses: number) {
  let calls = 0;
  return {
    check: async () => ++calls > falses,
    calls: () => calls,
  };
}

describe("signedByAnotherRequest (a double submit of a signing form)", () => {
  it("waits for the other request's signing when the code was already used (CODE_EXPIRED)", async () => {
    const items = signedAfter(3);
    await expect(signedByAnotherRequest(refused("CODE_EXPIRED"), items.check, { waitMs: 2_000, everyMs: 5 })).resolves.toBe(true);
    expect(items.calls()).toBe(4);
  });

  it("gives up after its wait when nothing was signed, so the refusal is shown", async () => {
    const items = signedAfter(Infinity);
    const started = Date.now();
    await expect(signedByAnotherRequest(refused("CODE_EXPIRED"), items.check, { waitMs: 60, everyMs: 10 })).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(items.calls()).toBeGreaterThan(1);
  });

  it("checks once after a wrong code, or an error that is not the API's", async () => {
    for (const error of [refused("INVALID_CODE"), refused("CODE_ATTEMPTS_EXCEEDED"), new Error("network")]) {
      const items = signedAfter(Infinity);
      await expect(signedByAnotherRequest(error, items.check, { waitMs: 1_000, everyMs: 5 })).resolves.toBe(false);
      expect(items.calls()).toBe(1);
    }
  });

  it("answers at once when the items were signed already", async () => {
    const items = signedAfter(0);
    await expect(signedByAnotherRequest(refused("INVALID_CODE"), items.check)).resolves.toBe(true);
    expect(items.calls()).toBe(1);
  });
});
