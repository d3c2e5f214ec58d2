// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { meetsBrowserFloor } from "./browser-floor";

/** Remove `key` from `target` for one test (as an older browser lacks it); undone after each test. */
const restores: (() => void)[] = [];
function without(target: object, key: string) {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value: undefined, configurable: true, writable: true });
  restores.push(() => (own ? Object.defineProperty(target, key, own) : delete (target as Record<string, unknown>)[key]));
}

describe("meetsBrowserFloor", () => {
  beforeEach(() => {
    // jsdom has <dialog> but not showModal(): given one here, as every tier (a) browser has it.
    if (typeof HTMLDialogElement.prototype.showModal !== "function") {
      HTMLDialogElement.prototype.showModal = function () {};
      restores.push(() => delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal);
    }
  });
  afterEach(() => {
    while (restores.length) restores.pop()!();
  });

  it("a browser with everything (as tier (a)) may hydrate", () => {
    expect(meetsBrowserFloor()).toBe(true);
  });

  it("without Object.hasOwn (Chrome < 93, Safari < 15.4) the page stays server-rendered", () => {
    without(Object, "hasOwn");
    expect(meetsBrowserFloor()).toBe(false);
  });

  it("without Array.prototype.at (Chrome < 92, Safari < 15.4) the page stays server-rendered", () => {
    without(Array.prototype, "at");
    expect(meetsBrowserFloor()).toBe(false);
  });

  it("without <dialog> (Safari < 15.4, Firefox < 98) the page stays server-rendered", () => {
    without(window, "HTMLDialogElement");
    expect(meetsBrowserFloor()).toBe(false);
  });

  it("with a <dialog> element that cannot be shown modally, the page stays server-rendered", () => {
    without(HTMLDialogElement.prototype, "showModal");
    expect(meetsBrowserFloor()).toBe(false);
  });
});
