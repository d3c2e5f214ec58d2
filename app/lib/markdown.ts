/**
 * Safe markdown for chat messages (issue 11; docs/chat.md "rendered as markdown without HTML"):
 * ONE module used by the server-rendered /chat pages and by the chat popup, so both show a
 * message the same way. markdown-it with `html: false` (raw HTML in a message is shown as text,
 * never parsed), no typographer tricks, and links restricted to http, https and mailto: any
 * other scheme (javascript:, data:, vbscript:, file: …) is left as plain text. Every link opens
 * in a new tab with `rel="noopener noreferrer nofollow"`. Images are not rendered as images
 * (an `![alt](src)` would fetch a URL of the sender's choosing): they come out as their alt text.
 *
 * The output is HTML produced by markdown-it's escaping renderer from the message text, the
 * only string the chat sets with `dangerouslySetInnerHTML`.
 */
import MarkdownIt from "markdown-it";

/** Link schemes a message may use. */
const SAFE_LINK = /^(https?:|mailto:)/i;

/** The renderers: messages (bare URLs become links) and notifications (they do not). */
const instances = new Map<boolean, MarkdownIt>();

function md(linkify = true): MarkdownIt {
  const existing = instances.get(linkify);
  if (existing) return existing;
  const m = new MarkdownIt("default", { html: false, linkify, typographer: false, breaks: true });
  // Only http(s) and mailto survive as links; the parser leaves anything else as text.
  m.validateLink = (url: string) => SAFE_LINK.test(url.trim());
  const defaultLinkOpen =
    m.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  m.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    tokens[idx].attrSet("target", "_blank");
    tokens[idx].attrSet("rel", "noopener noreferrer nofollow");
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  // An image becomes its alt text (escaped): no request to a URL chosen by the sender.
  m.renderer.rules.image = (tokens, idx, options, env, self) =>
    m.utils.escapeHtml(self.renderInlineAsText(tokens[idx].children ?? [], options, env));
  instances.set(linkify, m);
  return m;
}

/**
 * Render a chat message's text as safe HTML.
 * @param text the message as typed (any string)
 * @returns HTML without raw HTML from the text, without scripts, event handlers or images, with
 *   only http(s)/mailto links (new tab, noopener noreferrer nofollow)
 */
export function renderMarkdown(text: string): string {
  return md().render(text);
}

/**
 * Render a notification's text (the bank's words with values someone typed, markdown-escaped:
 * lib/chat.ts `notificationText`) as safe HTML, like `renderMarkdown` but without turning bare
 * URLs into links: a payee named "https://evil.example/verify" must not become a link in a
 * message from the bank.
 */
export function renderNotification(text: string): string {
  return md(false).render(text);
}
