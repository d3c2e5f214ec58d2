// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { validateAmount } from "../../../server/rules/amount";
import { AmountInput } from "./AmountInput";

afterEach(cleanup);

/** Types `text` key by key at the end of the field, as a person does (one change event per key). */
function typeKeys(input: HTMLInputElement, text: string) {
  for (const key of text) fireEvent.change(input, { target: { value: input.value + key } });
}

/** The amount field with the forms' check on leaving it (as ValidatedAmountInput's form does). */
function CheckedAmount({ scale = 2 }: { scale?: number }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <form>
      <AmountInput
        label="Amount"
        scale={scale}
        error={error}
        onBlur={() => {
          const result = validateAmount(document.querySelector<HTMLInputElement>("[name=amount]")!.value, { scale });
          setError(result.ok ? null : `errors:amount.${result.error}`);
        }}
      />
    </form>
  );
}

/** A fresh amount field (default scale 2), typed into key by key: what it shows. */
function shownAfterTyping(text: string, scale?: number) {
  cleanup();
  render(<AmountInput label="Amount" scale={scale} />);
  const input = screen.getByLabelText<HTMLInputElement>("Amount");
  typeKeys(input, text);
  return input.value;
}

describe("AmountInput (spec 000 §5)", () => {
  it("keeps a comma while typing and turns it into a dot when the field is left", () => {
    render(<AmountInput label="Amount" />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    typeKeys(input, "12,5");
    expect(input.value).toBe("12,5");
    fireEvent.blur(input);
    expect(input.value).toBe("12.5");
  });

  it("refuses the keystrokes that break the mask: letters, second separator, leading dot or zero, a third decimal, above 1e16", () => {
    expect(shownAfterTyping("1a2-5")).toBe("125");
    expect(shownAfterTyping("1.2.3")).toBe("1.23");
    expect(shownAfterTyping("1,2,3")).toBe("1,23");
    expect(shownAfterTyping(".5")).toBe("5");
    expect(shownAfterTyping("05")).toBe("0");
    expect(shownAfterTyping("12.555")).toBe("12.55");
    expect(shownAfterTyping("0,125")).toBe("0,12");
    expect(shownAfterTyping("1,0005")).toBe("1,000"); // the thousands comma stays for its error, the 4th decimal is refused
    expect(shownAfterTyping("100000000000000001")).toBe("10000000000000000");
  });

  it("takes the currency's scale: 0 refuses a separator, 8 takes eight decimals and no more", () => {
    expect(shownAfterTyping("12.5", 0)).toBe("125");
    expect(shownAfterTyping("12,5", 0)).toBe("125");
    expect(shownAfterTyping("0.123456789", 8)).toBe("0.12345678");
    expect(shownAfterTyping("0,123456789", 8)).toBe("0,12345678");
  });

  it('"1,000" typed key by key stays "1,000" with the thousands-comma error on the field, never 1.00', () => {
    render(<CheckedAmount />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    typeKeys(input, "1,000");
    expect(input.value).toBe("1,000");
    fireEvent.blur(input);
    expect(input.value).toBe("1,000");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("amount-error")!.textContent).toBe(
      "A comma before exactly three digits could be a thousands separator. Type the amount without thousands separators, with a dot before the decimals: 1000 or 1.000",
    );
  });

  it("a currency's longer scale: the comma kept while typing, a dot and no error once left", () => {
    render(<CheckedAmount scale={6} />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    typeKeys(input, "0,123456");
    expect(input.value).toBe("0,123456");
    fireEvent.blur(input);
    expect(input.value).toBe("0.123456");
    expect(document.getElementById("amount-error")).toBeNull();
  });
});
