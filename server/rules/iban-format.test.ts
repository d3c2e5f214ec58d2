import { describe, expect, it } from "vitest";
import { friendlyFormatIBAN } from "ibantools";
import { formatIban } from "./iban-format";

describe("formatIban (display, ISO 13616-1 paper format)", () => {
  it("prints groups of four in upper case, like ibantools", () => {
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(formatIban("gb29 nwbk-6016 1331 9268 19")).toBe("GB29 NWBK 6016 1331 9268 19");
    expect(formatIban("SA0380000000608010167519")).toBe(friendlyFormatIBAN("SA0380000000608010167519"));
    expect(formatIban("")).toBe("");
  });
});
