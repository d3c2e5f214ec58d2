// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { InPageLink } from "./InPageLink";

afterEach(cleanup);

describe("InPageLink (a link to an element of the same page)", () => {
  it("a plain anchor to #<to> in the server's HTML", () => {
    render(<InPageLink to="main">Skip</InPageLink>);
    expect(screen.getByRole("link", { name: "Skip" }).getAttribute("href")).toBe("#main");
  });

  it("its click focuses the target without a navigation (the hash stays)", () => {
    render(
      <>
        <InPageLink to="iban">To the IBAN</InPageLink>
        <input id="iban" aria-label="IBAN" />
      </>,
    );
    const before = window.location.hash;
    expect(fireEvent.click(screen.getByRole("link")), "default prevented").toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText("IBAN"));
    expect(window.location.hash).toBe(before);
  });

  it("a target that cannot take focus takes it until it is left, as the browser's own skip", () => {
    render(
      <>
        <InPageLink to="content">Skip</InPageLink>
        <main id="content">Text</main>
        <button type="button">Next</button>
      </>,
    );
    fireEvent.click(screen.getByRole("link"));
    const main = screen.getByRole("main");
    expect(document.activeElement).toBe(main);
    expect(main.getAttribute("tabindex")).toBe("-1");
    screen.getByRole("button").focus();
    expect(main.hasAttribute("tabindex")).toBe(false);
  });

  it("no element with the id: the browser follows the link; the caller's onClick runs first", () => {
    const calls: string[] = [];
    render(
      <InPageLink to="nowhere" onClick={() => calls.push("clicked")}>
        Away
      </InPageLink>,
    );
    expect(fireEvent.click(screen.getByRole("link"))).toBe(true);
    expect(calls).toEqual(["clicked"]);
  });

  it("a click for another tab or window (middle button, Ctrl, ⌘, Shift, Alt) is the browser's", () => {
    render(
      <>
        <InPageLink to="iban">To the IBAN</InPageLink>
        <input id="iban" aria-label="IBAN" />
      </>,
    );
    const link = screen.getByRole("link");
    for (const init of [{ button: 1 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      expect(fireEvent.click(link, init), JSON.stringify(init)).toBe(true);
      expect(document.activeElement, JSON.stringify(init)).not.toBe(screen.getByLabelText("IBAN"));
    }
    expect(fireEvent.click(link)).toBe(false);
  });
});
