// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CodeInput } from "./CodeInput";

afterEach(cleanup);

describe("CodeInput (spec 000 §4/§5)", () => {
  it("is a numeric one-time-code input limited to 4 digits", () => {
    render(
      <form>
        <CodeInput label="Code" />
      </form>,
    );
    const input = screen.getByLabelText("Code") as HTMLInputElement;
    expect(input.name).toBe("code");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    fireEvent.change(input, { target: { value: "1a2" } });
    expect(input.value).toBe("12");
  });

  it("takes up to 6 characters before the JavaScript runs, any pasted text after (its first 4 digits kept)", () => {
    const html = renderToString(
      <form>
        <CodeInput label="Code" />
      </form>,
    );
    expect(html).toMatch(/maxLength="6"/i);
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <CodeInput label="Code" />
      </form>,
    );
    const input = screen.getByLabelText("Code") as HTMLInputElement;
    // Hydrated: no browser cut, which would shorten "Code: 1234" to "Code: " before the digits are kept.
    expect(input.hasAttribute("maxlength")).toBe(false);
    fireEvent.change(input, { target: { value: "Code: 1234" } });
    expect(input.value).toBe("1234");
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("submits its form once 4 digits are typed, only once per value", () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <CodeInput label="Code" />
      </form>,
    );
    const input = screen.getByLabelText("Code");
    fireEvent.change(input, { target: { value: "123" } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "1234" } });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.change(input, { target: { value: "12345" } });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("does not auto-submit when disabled", () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <CodeInput label="Code" autoSubmit={false} />
      </form>,
    );
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "1234" } });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("CodeInput id and value shown again", () => {
  it("takes an id (the error follows it) and shows a refused code again without sending it again", () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <CodeInput label="Code" id="channel-code" defaultValue="12a34" error="Wrong code" />
      </form>,
    );
    const input = screen.getByLabelText("Code") as HTMLInputElement;
    expect(input.id).toBe("channel-code");
    expect(input.value).toBe("1234");
    expect(input.getAttribute("aria-describedby")).toBe("channel-code-error");
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "1235" } });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
