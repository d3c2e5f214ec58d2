// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AmountInput } from "./AmountInput";

afterEach(cleanup);

describe("AmountInput (spec 000 §5)", () => {
  it("turns a comma into a dot and refuses invalid keystrokes", () => {
    render(<AmountInput label="Amount" />);
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    expect(input.getAttribute("inputmode")).toBe("decimal");
    fireEvent.change(input, { target: { value: "12,5" } });
    expect(input.value).toBe("12.5");
    fireEvent.change(input, { target: { value: "12.555" } });
    expect(input.value).toBe("12.5");
    fireEvent.change(input, { target: { value: "x" } });
    expect(input.value).toBe("12.5");
  });
  it("respects a currency scale", () => {
    render(<AmountInput label="Amount" scale={6} />);
    const input = screen.getByLabelText("Amount") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "0.123456" } });
    expect(input.value).toBe("0.123456");
  });
});
