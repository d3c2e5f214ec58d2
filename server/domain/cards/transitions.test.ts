import { describe, expect, it } from "vitest";
import {
  allowedCardActions,
  CARD_STATUSES,
  canOrderReplacement,
  isCardStatus,
  isFinalCardStatus,
  LIVE_CARD_STATUSES,
  nextCardStatus,
  type CardAction,
} from "./transitions.js";

const ACTIONS: CardAction[] = ["issue", "activate", "freeze", "unfreeze", "cancel", "void"];

describe("card transitions", () => {
  it("freezes only an ACTIVE card and unfreezes only a FROZEN one", () => {
    expect(nextCardStatus("ACTIVE", "freeze")).toBe("FROZEN");
    expect(nextCardStatus("FROZEN", "unfreeze")).toBe("ACTIVE");
    for (const s of CARD_STATUSES.filter((x) => x !== "ACTIVE")) expect(nextCardStatus(s, "freeze"), s).toBeNull();
    for (const s of CARD_STATUSES.filter((x) => x !== "FROZEN")) expect(nextCardStatus(s, "unfreeze"), s).toBeNull();
  });
  it("issues an ORDERED card as NEW, which is activated", () => {
    expect(nextCardStatus("ORDERED", "issue")).toBe("NEW");
    expect(nextCardStatus("NEW", "activate")).toBe("ACTIVE");
    expect(nextCardStatus("ACTIVE", "issue")).toBeNull();
    expect(nextCardStatus("ORDERED", "activate")).toBeNull();
  });
  it("cancels any card that is not final; voids only an issued one", () => {
    for (const s of ["ORDERED", "NEW", "ACTIVE", "FROZEN"] as const) expect(nextCardStatus(s, "cancel")).toBe("CANCELED");
    for (const s of ["NEW", "ACTIVE", "FROZEN"] as const) expect(nextCardStatus(s, "void")).toBe("VOID");
    expect(nextCardStatus("ORDERED", "void")).toBeNull();
  });
  it("CANCELED and VOID are final: no action leaves them", () => {
    for (const s of ["CANCELED", "VOID"] as const) {
      expect(isFinalCardStatus(s)).toBe(true);
      for (const a of ACTIONS) expect(nextCardStatus(s, a)).toBeNull();
    }
    for (const s of ["ORDERED", "NEW", "ACTIVE", "FROZEN"] as const) expect(isFinalCardStatus(s)).toBe(false);
  });
  it("lists the allowed actions per status, consistent with nextCardStatus", () => {
    for (const s of CARD_STATUSES)
      for (const a of ACTIONS) expect(allowedCardActions(s).includes(a), `${s} ${a}`).toBe(nextCardStatus(s, a) !== null);
    expect(allowedCardActions("ACTIVE")).toEqual(["freeze", "cancel", "void"]);
  });
  it("replaces any card but one still ORDERED", () => {
    expect(canOrderReplacement("ORDERED")).toBe(false);
    for (const s of CARD_STATUSES.filter((x) => x !== "ORDERED")) expect(canOrderReplacement(s)).toBe(true);
  });
  it("recognises status strings", () => {
    expect(isCardStatus("FROZEN")).toBe(true);
    expect(isCardStatus("frozen")).toBe(false);
    expect(isCardStatus(1)).toBe(false);
  });
});

describe("LIVE_CARD_STATUSES (Account.cards)", () => {
  it("are the statuses a move can still leave: ORDERED, NEW, ACTIVE, FROZEN; not CANCELED or VOID", () => {
    expect([...LIVE_CARD_STATUSES].sort()).toEqual(["ACTIVE", "FROZEN", "NEW", "ORDERED"]);
  });
});
