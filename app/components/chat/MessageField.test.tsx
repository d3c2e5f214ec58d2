// @vitest-environment jsdom
/**
 * The chat message box (spec 000 §5 "at most 4096 characters, otherwise a 'max length' error"):
 * no `maxlength` that would cut a longer paste; with JavaScript a message over the limit (or empty)
 * is not sent, its error on the field; the characters left near the limit, and too many over it.
 */
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_MESSAGE_LENGTH } from "~/lib/chat";
import { MessageField, useMessageCheck } from "./MessageField";

afterEach(cleanup);

/** A form with the box; `sent` is called with the text when the form really submits. */
function Compose({ sent, serverError, kept }: { sent: (text: string) => void; serverError?: string; kept?: string }) {
  const check = useMessageCheck(kept);
  return (
    <form
      onSubmit={(e) => {
        check.onSubmit(e);
        if (!e.defaultPrevented) {
          e.preventDefault();
          sent(new FormData(e.currentTarget).get("content") as string);
        }
      }}
    >
      <MessageField id="box" check={check} rows={3} serverError={serverError} hint="hint" errorTestId="box-error" />
      <button type="submit">Send</button>
    </form>
  );
}

const box = () => screen.getByRole("textbox") as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send" }));

describe("MessageField", () => {
  it("has no maxlength: a pasted text over 4096 characters stays whole in the box", () => {
    render(<Compose sent={() => {}} />);
    expect(box().hasAttribute("maxlength")).toBe(false);
    type("x".repeat(5000));
    expect(box().value).toHaveLength(5000);
  });

  it("refuses a message over 4096 characters before sending: the error on the field, focus in the box, the text kept", () => {
    const sent = vi.fn();
    render(<Compose sent={sent} />);
    const long = "y".repeat(MAX_MESSAGE_LENGTH + 1);
    type(long);
    send();
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByTestId("box-error").textContent).toBe("The message is too long: at most 4096 characters");
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(box().getAttribute("aria-describedby")).toContain("box-error");
    expect(document.activeElement).toBe(box());
    expect(box().value).toBe(long);
    // Corrected: the error goes, and the message is sent whole.
    type("y".repeat(MAX_MESSAGE_LENGTH));
    expect(screen.queryByTestId("box-error")).toBeNull();
    send();
    expect(sent).toHaveBeenCalledWith("y".repeat(MAX_MESSAGE_LENGTH));
  });

  it("refuses an empty message", () => {
    const sent = vi.fn();
    render(<Compose sent={sent} />);
    type("   ");
    send();
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByTestId("box-error").textContent).toBe("Write a message first");
  });

  it("says how many characters are left near the limit and how many too many over it (counted trimmed)", () => {
    render(<Compose sent={() => {}} />);
    type("z".repeat(100));
    expect(screen.queryByTestId("chat-length-hint")).toBeNull();
    type("z".repeat(MAX_MESSAGE_LENGTH - 500));
    expect(screen.getByTestId("chat-length-hint").textContent).toBe("500 characters left");
    type(`${"z".repeat(MAX_MESSAGE_LENGTH - 1)}   `);
    expect(screen.getByTestId("chat-length-hint").textContent).toBe("1 character left");
    type("z".repeat(MAX_MESSAGE_LENGTH + 2));
    expect(screen.getByTestId("chat-length-hint").textContent).toBe("2 characters too many");
    expect(box().getAttribute("aria-describedby")).toBe("box-hint box-length");
  });

  it("shows the page action's refusal with the text it kept (no JavaScript), hint included", () => {
    const kept = "k".repeat(MAX_MESSAGE_LENGTH + 3);
    render(<Compose sent={() => {}} kept={kept} serverError="The message is too long: at most 4096 characters" />);
    expect(box().value).toBe(kept);
    expect(screen.getByTestId("box-error").textContent).toBe("The message is too long: at most 4096 characters");
    expect(screen.getByTestId("chat-length-hint").textContent).toBe("3 characters too many");
  });
});
