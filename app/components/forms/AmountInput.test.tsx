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
        error={error}
        onBlur={() => {
          const result = validateAmount(document.querySelector<HTMLInputElement>("[name=amount]")!.value, { scale });
          setError(result.ok ? null : `errors:amount.${result.error}`);
        }}
      />
    </form>
  );
}

describe("AmountInput (spec 000 §5)", () => {
  it("keeps a comma while typing and turns it into a dot when the field is left; refuses letters", () => {
    render(<AmountInput label="Amount" />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    typeKeys(input, "12,5");
    expect(input.value).toBe("12,5");
    fireEvent.blur(input);
    expect(input.value).toBe("12.5");
    typeKeys(input, "x");
    expect(input.value).toBe("12.5");
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

  it("never drops a typed digit: a third decimal stays and the field says why it is refused", () => {
    render(<CheckedAmount />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    typeKeys(input, "1.000");
    expect(input.value).toBe("1.000");
    fireEvent.blur(input);
    expect(document.getElementById("amount-error")!.textContent).toBe("Too many decimals");
  });

  it("takes a currency's longer scale through the form's check", () => {
    render(<CheckedAmount scale={6} />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    typeKeys(input, "0,123456");
    fireEvent.blur(input);
    expect(input.value).toBe("0.123456");
    expect(document.getElementById("amount-error")).toBeNull();
  });
});
