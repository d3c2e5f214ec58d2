import { describe, expect, it } from "vitest";
import { deviceNameOf } from "./device-name.server";

describe("deviceNameOf", () => {
  it("names browser and platform from real User-Agent strings", () => {
    expect(
      deviceNameOf(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(
      deviceNameOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(deviceNameOf("Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0")).toBe("Firefox on Linux");
  });

  it("is null without a usable header", () => {
    expect(deviceNameOf(null)).toBeNull();
    expect(deviceNameOf("")).toBeNull();
    expect(deviceNameOf("curl-like-nothing")).toBeNull();
  });
});
