// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { makeOthersInert } from "./inert-others";

describe("makeOthersInert", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("marks the siblings of the dialog and of its ancestors, not the dialog's own line, and restores them", () => {
    document.body.innerHTML = `
      <header id="h"></header>
      <main id="m">
        <ul id="list"></ul>
        <div id="overlay"><div id="backdrop"></div><div id="dialog" role="dialog"><button id="inside"></button></div></div>
      </main>
      <script id="s"></script>`;
    const restore = makeOthersInert(document.getElementById("dialog")!);
    const inert = (id: string) => document.getElementById(id)!.hasAttribute("inert");
    expect(["h", "list", "backdrop"].map(inert)).toEqual([true, true, true]);
    expect(["m", "overlay", "dialog", "inside", "s"].map(inert)).toEqual([false, false, false, false, false]);
    restore();
    expect(document.querySelectorAll("[inert]")).toHaveLength(0);
  });

  it("a nested dialog leaves the outer dialog's marks in place when it closes", () => {
    document.body.innerHTML = `
      <nav id="n"></nav>
      <div id="outer" role="dialog"><p id="p"></p><div id="inner" role="dialog"></div></div>`;
    const restoreOuter = makeOthersInert(document.getElementById("outer")!);
    const restoreInner = makeOthersInert(document.getElementById("inner")!);
    expect(document.getElementById("p")!.hasAttribute("inert")).toBe(true);
    restoreInner();
    expect(document.getElementById("p")!.hasAttribute("inert")).toBe(false);
    expect(document.getElementById("n")!.hasAttribute("inert")).toBe(true);
    restoreOuter();
    expect(document.querySelectorAll("[inert]")).toHaveLength(0);
  });
});
