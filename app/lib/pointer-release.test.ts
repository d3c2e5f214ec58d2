// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { afterPointerRelease, watchPointerPresses } from "./pointer-release";

describe("afterPointerRelease (a field left by pressing a button is checked after the click)", () => {
  it("runs at once without a press, and after the release (and its click) during one", () => {
    vi.useFakeTimers();
    watchPointerPresses();
    watchPointerPresses();
    const task = vi.fn();
    afterPointerRelease(task);
    expect(task).toHaveBeenCalledTimes(1);

    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    afterPointerRelease(task);
    expect(task).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event("pointerup", { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(2);

    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    afterPointerRelease(task);
    document.body.dispatchEvent(new Event("pointercancel", { bubbles: true }));
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });
});
