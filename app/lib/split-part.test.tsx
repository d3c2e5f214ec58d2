// @vitest-environment jsdom
import { act, useState, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { splitPart } from "./split-part";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A part with state, so a working click proves it hydrated. */
function Panel() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {`clicked ${n}`}
    </button>
  );
}

function deferred() {
  let resolve!: (m: { default: ComponentType }) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<{ default: ComponentType }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The page: the part only when `show`. */
function page(Part: ComponentType, show = true) {
  return function Page() {
    return <main>{show ? <Part /> : <p>default tab</p>}</main>;
  };
}

const unused = () => Promise.reject(new Error("unused"));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("splitPart", () => {
  it("server: renders the part statically (complete HTML, no fallback, nothing loaded)", () => {
    const load = vi.fn(unused);
    const { Part } = splitPart(Panel, load, <span>loading</span>);
    const html = renderToString(<Part />);
    expect(html).toMatch(/^<!--\$--><button[^>]*>clicked 0<\/button><!--\/\$-->$/); // a Suspense boundary, as the browser renders it
    expect(load).not.toHaveBeenCalled();
  });

  it("browser, part not shown: its chunk is never fetched", async () => {
    const load = vi.fn(() => Promise.resolve({ default: Panel }));
    const { Part } = splitPart(undefined, load);
    const Page = page(Part, false);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<Page />);
    await act(async () => {
      hydrateRoot(container, <Page />);
    });
    expect(container.textContent).toBe("default tab");
    expect(load).not.toHaveBeenCalled();
  });

  it("browser, hydrating: the server HTML stays until the chunk arrives, then hydrates, without hydration errors", async () => {
    const { Part: ServerPart } = splitPart(Panel, unused);
    const chunk = deferred();
    const load = vi.fn(() => chunk.promise);
    const { Part } = splitPart(undefined, load, <span>loading</span>);
    const html = renderToString(<main>{<ServerPart />}</main>);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    const errors: unknown[] = [];
    const Page = page(Part);
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe(html);
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent, "not hydrated yet: the click does nothing").toBe("clicked 0");

    await act(async () => chunk.resolve({ default: Panel }));
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent).toBe("clicked 1");
    expect(errors).toEqual([]);
  });

  it("browser, hydrating, chunk cannot load: the server HTML stays, no error", async () => {
    const { Part: ServerPart } = splitPart(Panel, unused);
    const { Part } = splitPart(undefined, () => Promise.reject(new Error("Failed to fetch dynamically imported module")));
    const html = renderToString(<main>{<ServerPart />}</main>);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    const errors: unknown[] = [];
    const Page = page(Part);
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (e) => errors.push(e) });
    });
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(container.innerHTML).toBe(html);
    expect(errors).toEqual([]);
  });

  it("browser, after a client-side navigation: the fallback, then the part; preload fetches the chunk once", async () => {
    const chunk = deferred();
    const load = vi.fn(() => chunk.promise);
    const { Part, preload } = splitPart(undefined, load, <span>loading</span>);
    preload();
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    const Page = page(Part);
    await act(async () => root.render(<Page />));
    expect(container.textContent).toBe("loading");
    await act(async () => chunk.resolve({ default: Panel }));
    expect(container.textContent).toBe("clicked 0");
    // Mounted again (another tab, then back): at once, no fallback, no new fetch.
    await act(async () => root.render(<main />));
    await act(async () => root.render(<Page />));
    expect(container.textContent).toBe("clicked 0");
    expect(load).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
