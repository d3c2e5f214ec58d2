/**
 * What the customer typed or chose before the page's JavaScript started (a slow phone, a slow
 * network: the server-rendered form is usable at once, spec 000 §5) must survive hydration.
 *
 * React 18 hydrates a form without touching the DOM's values, but a component's state still holds
 * the server's value: a controlled input writes that state back over the typed text at its next
 * render (the amount vanished and the payment was refused with "Enter an amount"), and state
 * derived from a choice (the chosen balance's decimals, a yes/no that reveals more fields) keeps
 * describing the server's default. These hooks run once, right after hydration, and hand the
 * DOM's value to the component. A component mounted later (client navigation) sees its own
 * value there: nothing happens.
 */
import { useEffect, type RefObject } from "react";

/**
 * Once after mount: when the input's value differs from `current` (the component's state),
 * calls `adopt` with the input's value (the component applies its own keystroke rule to it).
 */
export function useAdoptTypedValue(
  ref: RefObject<HTMLInputElement | null>,
  current: string,
  adopt: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== current) adopt(typed);
    // Once, at hydration: later renders own the value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The current answer of the named control in `root` (a select's or a text input's value, the value
 * of the checked radio or first checked checkbox, "" when none is checked), or null when `root`
 * holds no such control.
 */
export function domChoice(root: ParentNode, name: string): string | null {
  // Compared by property, not a [name="…"] selector: no escaping (CSS.escape is missing in old browsers).
  const controls = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")].filter(
    (c) => c.name === name,
  );
  if (controls.length === 0) return null;
  const first = controls[0];
  if (first instanceof HTMLSelectElement) return first.value;
  if (first.type === "radio" || first.type === "checkbox")
    return controls.find((c) => (c as HTMLInputElement).checked)?.value ?? "";
  return first.value;
}

/**
 * Once after mount: for each name, reads the control's answer in the element `rootRef` points at
 * (or the form with id `rootRef` when it is a string) and calls `adopt(name, answer)` for every
 * answer that differs from `current[name]`.
 */
export function useAdoptChoices(
  rootRef: RefObject<HTMLElement | null> | string,
  current: Readonly<Record<string, string>>,
  adopt: (name: string, answer: string) => void,
): void {
  useEffect(() => {
    const root = typeof rootRef === "string" ? document.getElementById(rootRef) : rootRef.current;
    if (!root) return;
    for (const [name, value] of Object.entries(current)) {
      const answer = domChoice(root, name);
      if (answer !== null && answer !== value) adopt(name, answer);
    }
    // Once, at hydration: later renders own the answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
