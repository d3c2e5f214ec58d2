// @vitest-environment jsdom
import "~/test-utils/i18n";
import { act, useRef, useState, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AmountInput } from "~/components/forms/AmountInput";
import { CodeInput } from "~/components/forms/CodeInput";
import { useAdoptChoices } from "./typed-before-hydration";

// React warns through console.error when a test renders outside act; hydration here is wrapped.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

/** A parent whose button re-renders everything below it (as a fee quote or a countdown does). */
function Rerendering({ children }: { children: () => ReactNode }) {
  const [n, setN] = useState(0);
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      {children()}
      <button type="button" data-renders={n} onClick={() => setN((x) => x + 1)}>
        again
      </button>
    </form>
  );
}

/** Server-renders `ui`, lets `typeBeforeJs` change the DOM, then hydrates it. */
function serverRenderThenHydrate(ui: ReactNode, typeBeforeJs: (container: HTMLElement) => void): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  typeBeforeJs(container);
  act(() => {
    root = hydrateRoot(container, ui);
  });
  return container;
}

const input = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const rerender = (container: HTMLElement) => act(() => container.querySelector<HTMLButtonElement>("button")!.click());

describe("typed before hydration (app/lib/typed-before-hydration.ts)", () => {
  it("an amount typed before the JavaScript started survives the next render, normalised", () => {
    const c = serverRenderThenHydrate(<Rerendering>{() => <AmountInput label="Amount" />}</Rerendering>, (el) => {
      input(el, "amount").value = "120,5";
    });
    rerender(c);
    expect(input(c, "amount").value).toBe("120.5");
  });

  it("an amount the keystroke rule refuses is kept as typed (the validator names the problem)", () => {
    const c = serverRenderThenHydrate(<Rerendering>{() => <AmountInput label="Amount" scale={2} />}</Rerendering>, (el) => {
      input(el, "amount").value = "1.234";
    });
    rerender(c);
    expect(input(c, "amount").value).toBe("1.234");
  });

  it("a one-time code typed before the JavaScript started is kept and submitted once complete", () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "requestSubmit").mockImplementation(() => {});
    const c = serverRenderThenHydrate(<Rerendering>{() => <CodeInput label="Code" />}</Rerendering>, (el) => {
      input(el, "code").value = "1234";
    });
    rerender(c);
    expect(input(c, "code").value).toBe("1234");
    expect(submit).toHaveBeenCalledTimes(1);
    submit.mockRestore();
  });

  it("an answer chosen before the JavaScript started reveals what it asks for", () => {
    function Question() {
      const ref = useRef<HTMLDivElement>(null);
      const [answer, setAnswer] = useState("");
      useAdoptChoices(ref, { other: answer }, (_, value) => setAnswer(value));
      return (
        <div ref={ref} onChange={(e) => setAnswer((e.target as HTMLInputElement).value)}>
          <input type="radio" name="other" value="YES" aria-label="yes" />
          <input type="radio" name="other" value="NO" aria-label="no" />
          {answer === "YES" ? <p id="more">more questions</p> : null}
        </div>
      );
    }
    const c = serverRenderThenHydrate(<Question />, (el) => {
      el.querySelector<HTMLInputElement>('[value="YES"]')!.checked = true;
    });
    expect(c.querySelector("#more")).not.toBeNull();
  });

  it("nothing changes when nothing was typed", () => {
    const c = serverRenderThenHydrate(
      <Rerendering>{() => <AmountInput label="Amount" defaultValue="10" />}</Rerendering>,
      () => {},
    );
    rerender(c);
    expect(input(c, "amount").value).toBe("10");
  });
});
