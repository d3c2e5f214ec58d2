// @vitest-environment jsdom
/**
 * A refused password is not kept with JavaScript (the page without it comes back empty): each
 * answer of the action empties the field. Remix and the form library are played by stand-ins.
 */
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ answer: undefined as unknown }));
vi.mock("@remix-run/react", () => ({
  useActionData: () => state.answer,
  useLoaderData: () => ({}),
  Form: () => null,
  Link: () => null,
}));
vi.mock("remix-validated-form", () => ({
  useField: () => ({ error: undefined, touched: false, validate: () => {}, getInputProps: (p: object) => p }),
  useFormContext: () => ({ hasBeenSubmitted: true }),
  ValidatedForm: () => null,
}));

import { PasswordStepInput } from "./__phone.screen";

afterEach(() => {
  cleanup();
  state.answer = undefined;
});

describe("PasswordStepInput", () => {
  it("empties the password on each answer of the action, also the same refusal twice", () => {
    const view = render(<PasswordStepInput />);
    const typed = (value: string) => fireEvent.change(screen.getByLabelText("Password"), { target: { value } });
    typed("Not-The-Password-1");
    view.rerender(<PasswordStepInput />);
    expect(screen.getByLabelText<HTMLInputElement>("Password").value).toBe("Not-The-Password-1");

    state.answer = { fieldErrors: { password: "The password is not correct." } };
    view.rerender(<PasswordStepInput />);
    expect(screen.getByLabelText<HTMLInputElement>("Password").value).toBe("");

    typed("Not-The-Password-2");
    state.answer = { fieldErrors: { password: "The password is not correct." } };
    view.rerender(<PasswordStepInput />);
    expect(screen.getByLabelText<HTMLInputElement>("Password").value).toBe("");
  });
});
