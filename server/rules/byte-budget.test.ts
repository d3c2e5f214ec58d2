import { describe, expect, it } from "vitest";
import { ByteBudget } from "./byte-budget";

describe("ByteBudget", () => {
  it("grants reservations while they fit, refuses the one that would pass the limit, without waiting", () => {
    const budget = new ByteBudget(100);
    const a = budget.tryAcquire(60);
    const b = budget.tryAcquire(40);
    expect(a).toBeTypeOf("function");
    expect(b).toBeTypeOf("function");
    expect(budget.inFlight).toBe(100);
    expect(budget.tryAcquire(1)).toBeNull();
    expect(budget.inFlight).toBe(100);
    expect(budget.reservations).toBe(2);
  });

  it("frees the bytes on release, once: a second release of the same reservation frees nothing more", () => {
    const budget = new ByteBudget(100);
    const a = budget.tryAcquire(70)!;
    const b = budget.tryAcquire(30)!;
    a();
    a();
    expect(budget.inFlight).toBe(30);
    expect(budget.reservations).toBe(1);
    expect(budget.tryAcquire(71)).toBeNull();
    const c = budget.tryAcquire(70);
    expect(c).not.toBeNull();
    b();
    c!();
    expect(budget.inFlight).toBe(0);
    expect(budget.reservations).toBe(0);
  });

  it("a reservation larger than the whole limit is granted only alone", () => {
    const budget = new ByteBudget(100);
    const small = budget.tryAcquire(1)!;
    expect(budget.tryAcquire(500)).toBeNull();
    small();
    const big = budget.tryAcquire(500)!;
    expect(budget.inFlight).toBe(500);
    expect(budget.tryAcquire(0)).toBeNull();
    big();
    expect(budget.tryAcquire(100)).not.toBeNull();
  });

  it("zero bytes fit whenever the budget is not over its limit", () => {
    const budget = new ByteBudget(10);
    budget.tryAcquire(10);
    expect(budget.tryAcquire(0)).not.toBeNull();
  });

  it("refuses nonsense: a negative, fractional or unsafe amount, a limit that is not a positive integer", () => {
    const budget = new ByteBudget(10);
    expect(() => budget.tryAcquire(-1)).toThrow(RangeError);
    expect(() => budget.tryAcquire(1.5)).toThrow(RangeError);
    expect(() => budget.tryAcquire(Number.NaN)).toThrow(RangeError);
    expect(() => budget.tryAcquire(2 ** 53)).toThrow(RangeError);
    expect(() => new ByteBudget(0)).toThrow(RangeError);
    expect(() => new ByteBudget(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
