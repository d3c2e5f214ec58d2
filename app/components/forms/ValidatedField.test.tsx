// @vitest-environment jsdom
/**
 * When a validated field checks itself on blur: on the first blur before any submit, as
 * remix-validated-form would (then each change checks it), and after the press that left it. A
 * later blur must not check it again: it would drop the action's own errors (a rule only the API
 * knows) when the focus moves on to the error summary. The library is played by a stand-in.
 */
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ touched: false, hasBeenSubmitted: false, validate: (() => {}) as () => void }));
vi.mock("remix-validated-form", () => ({
  useField: () => ({ error: undefined, touched: state.touched, validate: state.validate, getInputProps: (p: object) => p }),
  useFormContext: () => ({ hasBeenSubmitted: state.hasBeenSubmitted }),
}));

import { ValidatedField } from "./ValidatedField";

afterEach(() => {
  cleanup();
  state.touched = false;
  state.hasBeenSubmitted = false;
});

describe("ValidatedField blur check", () => {
  it("checks the field on its first blur before any submit, after a press on the page is released", () => {
    vi.useFakeTimers();
    state.validate = vi.fn();
    render(<ValidatedField name="iban" label="IBAN" />);
    fireEvent.blur(screen.getByLabelText("IBAN"));
    expect(state.validate).toHaveBeenCalledTimes(1);

    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    fireEvent.blur(screen.getByLabelText("IBAN"));
    expect(state.validate).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event("pointerup", { bubbles: true }));
    vi.runAllTimers();
    expect(state.validate).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it("does not check it on blur once touched or after a submit", () => {
    state.validate = vi.fn();
    state.hasBeenSubmitted = true;
    const view = render(<ValidatedField name="iban" label="IBAN" />);
    fireEvent.blur(screen.getByLabelText("IBAN"));
    state.hasBeenSubmitted = false;
    state.touched = true;
    view.rerender(<ValidatedField name="iban" label="IBAN" />);
    fireEvent.blur(screen.getByLabelText("IBAN"));
    expect(state.validate).not.toHaveBeenCalled();
  });
});
