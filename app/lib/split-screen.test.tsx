// @vitest-environment jsdom
import { act, useState, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { splitScreen } from "./split-screen";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A screen with state, so a working click proves it hydrated. */
function Screen() {
  const [n, setN] = useState(0);
  return (
    <form method="post">
      <button type="button" onClick={() => setN(n + 1)}>
        {`clicked ${n}`}
      </button>
    </form>
  );
}

function deferred() {
  let resolve!: (m: { default: ComponentType }) => void;
  const promise = new Promise<{ default: ComponentType }>((r) => (resolve = r));
  return { promise, resolve };
}

async function hydrate(container: HTMLElement, Route: ComponentType, errors: unknown[]) {
  await act(async () => {
    hydrateRoot(container, <Route />, { onRecoverableError: (e) => errors.push(e) });
  });
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("splitScreen", () => {
  it("server: renders the screen statically (complete HTML, no fallback)", () => {
    const Route = splitScreen(Screen, () => Promise.reject(new Error("not on the server")));
    const html = renderToString(<Route />);
    expect(html).toContain("clicked 0");
    expect(html).toMatch(/^<!--\$-->.*<!--\/\$-->$/); // a Suspense boundary, as the browser renders it
    expect(html).toContain("<form");
  });

  it("browser, chunk already in: hydrates the server HTML at once, without hydration errors", async () => {
    const ServerRoute = splitScreen(Screen, () => Promise.reject(new Error("unused")));
    const ClientRoute = splitScreen(undefined, () => Promise.resolve({ default: Screen }));
    await Promise.resolve();
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<ServerRoute />);
    const errors: unknown[] = [];
    await hydrate(container, ClientRoute, errors);
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent).toBe("clicked 1");
    expect(errors).toEqual([]);
  });

  it("browser, chunk late: the server HTML stays (a plain form) until the chunk arrives, then hydrates", async () => {
    const ServerRoute = splitScreen(Screen, () => Promise.reject(new Error("unused")));
    const chunk = deferred();
    const ClientRoute = splitScreen(undefined, () => chunk.promise);
    const container = document.body.appendChild(document.createElement("div"));
    const html = renderToString(<ServerRoute />);
    container.innerHTML = html;
    const errors: unknown[] = [];
    await hydrate(container, ClientRoute, errors);
    expect(container.innerHTML).toBe(html);
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent, "not hydrated yet: the click does nothing").toBe("clicked 0");

    await act(async () => chunk.resolve({ default: Screen }));
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent).toBe("clicked 1");
    expect(errors).toEqual([]);
  });

  it("browser, chunk cannot load on the first page: the server HTML stays a plain form, no error", async () => {
    const ServerRoute = splitScreen(Screen, () => Promise.reject(new Error("unused")));
    const ClientRoute = splitScreen(undefined, () => Promise.reject(new Error("Failed to fetch dynamically imported module")));
    const container = document.body.appendChild(document.createElement("div"));
    const html = renderToString(<ServerRoute />);
    container.innerHTML = html;
    const errors: unknown[] = [];
    await hydrate(container, ClientRoute, errors);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(container.innerHTML).toBe(html);
    expect(errors).toEqual([]);
  });
});
