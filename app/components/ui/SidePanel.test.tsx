// @vitest-environment jsdom
import "~/test-utils/i18n";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POPUP_HEADER_SCROLLED_AFTER_PX } from "~/lib/use-scrolled";
import { SidePanel } from "./SidePanel";

afterEach(cleanup);

/** A page with an item that opens the panel, as the history list does. */
function Page({ onClose, footer = true }: { onClose?: () => void; footer?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Item
      </button>
      {open ? (
        <SidePanel
          title="Payment to Ada"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
          footer={footer ? <a href="/receipt">Receipt</a> : undefined}
        >
          <p>Details</p>
        </SidePanel>
      ) : null}
    </>
  );
}

describe("SidePanel", () => {
  it("is a modal dialog named by its title, with the focus moved into it", () => {
    render(<Page />);
    fireEvent.click(screen.getByText("Item"));
    const dialog = screen.getByRole("dialog", { name: "Payment to Ada" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
    expect(screen.getByText("Receipt").closest("[role=dialog]")).toBe(dialog);
  });

  it("closes on Escape and gives the focus back to what opened it", () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByText("Item");
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes with its close button", () => {
    render(<Page />);
    const opener = screen.getByText("Item");
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("keeps Tab and Shift+Tab inside", () => {
    render(<Page />);
    fireEvent.click(screen.getByText("Item"));
    const close = screen.getByRole("button", { name: "Close" });
    const receipt = screen.getByText("Receipt");
    receipt.focus();
    fireEvent.keyDown(receipt, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(receipt);
  });

  it("marks its header scrolled once the body is scrolled more than 15 px, and unmarks it back at the top (spec 000 §9)", () => {
    expect(POPUP_HEADER_SCROLLED_AFTER_PX).toBe(15);
    render(<Page />);
    fireEvent.click(screen.getByText("Item"));
    const header = screen.getByRole("heading", { name: "Payment to Ada" }).parentElement!;
    const body = screen.getByText("Details").parentElement!;
    const scrollTo = (top: number) => {
      body.scrollTop = top;
      fireEvent.scroll(body);
    };
    expect(header.hasAttribute("data-scrolled")).toBe(false);
    scrollTo(15);
    expect(header.hasAttribute("data-scrolled")).toBe(false);
    scrollTo(16);
    expect(header.hasAttribute("data-scrolled")).toBe(true);
    scrollTo(0);
    expect(header.hasAttribute("data-scrolled")).toBe(false);
  });

  it("has no footer unless given one", () => {
    render(<Page footer={false} />);
    fireEvent.click(screen.getByText("Item"));
    expect(screen.queryByText("Receipt")).toBeNull();
  });
});
