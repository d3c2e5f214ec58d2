/**
 * Runs a task once no mouse button or finger is pressed on the page (JavaScript only).
 * A field's error, shown when the field is left, moves what is below it down: when the field was
 * left by pressing a button (Continue, Save draft), the button would move away under the pointer
 * between press and release and the click would be lost. So a field left by a press is checked
 * after the release and the click it ends (a click on Continue checks the whole form anyway).
 * `watchPointerPresses` must run first (once; ValidatedField and ValidatedAmountInput call it
 * when they mount), so the press is seen before the field is left.
 */
let watching = false;
let pressed = false;
let waiting: Array<() => void> = [];

function release() {
  pressed = false;
  const tasks = waiting;
  waiting = [];
  // After the click the release ends (dispatched right after pointerup).
  if (tasks.length) setTimeout(() => tasks.forEach((task) => task()), 0);
}

/** Starts following presses on the page (idempotent; nothing on the server). */
export function watchPointerPresses(): void {
  if (watching || typeof document === "undefined") return;
  watching = true;
  document.addEventListener("pointerdown", () => (pressed = true), true);
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
  // A release outside the window may never reach the page: the next focus there ends the press.
  window.addEventListener("blur", release);
}

/** Runs `task` now, or after the release when a press is going on. */
export function afterPointerRelease(task: () => void): void {
  if (pressed) waiting.push(task);
  else task();
}
