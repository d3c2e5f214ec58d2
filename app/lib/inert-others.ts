/**
 * Everything outside an open modal dialog made inert (HTML `inert`: not clickable, not
 * focusable, hidden from assistive technology), as the WAI-ARIA APG dialog pattern asks of
 * the content behind a modal: `aria-modal` alone is not honoured by every screen reader, and
 * nothing else stops a pointer reaching the page under a side panel. Browsers without `inert`
 * ignore the attribute (focus is still trapped by use-modal-focus.ts).
 */

/**
 * Mark inert every sibling of `dialog` and of each of its ancestors up to `<body>` (the dialog
 * and its ancestors stay live). Elements already inert (another dialog's work) are left alone.
 * @returns a function that removes exactly the marks this call added
 */
export function makeOthersInert(dialog: HTMLElement): () => void {
  const marked: Element[] = [];
  for (let node: HTMLElement | null = dialog; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || sibling.hasAttribute("inert")) continue;
      // Scripts and styles have nothing to interact with; leave the document's own tags alone.
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement || sibling instanceof HTMLLinkElement)
        continue;
      sibling.setAttribute("inert", "");
      marked.push(sibling);
    }
  }
  return () => {
    for (const el of marked) el.removeAttribute("inert");
  };
}
