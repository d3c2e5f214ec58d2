/**
 * What counts as "nothing written" in a chat message (spec 000 §5; docs/decisions.md "Chat text:
 * invisible-only messages"). Pure, for the browser (app/lib/chat.ts `messageError`) and the server
 * (server/domain/chat `normalizeContent`), so the web form and the API refuse the same texts.
 */

/**
 * Characters that show nothing on their own: white space (JavaScript's `\s`, which includes
 * U+FEFF and the Unicode spaces) and the default-ignorable code points (Unicode's
 * Default_Ignorable_Code_Point: U+200B–U+200F zero-width space, non-joiner, joiner and the
 * direction marks, U+2060–U+206F word joiner and invisible operators, U+00AD soft hyphen,
 * U+034F, U+061C, U+115F/U+1160/U+3164/U+FFA0 Hangul fillers, U+180B–U+180F, variation
 * selectors, tags…). They are kept inside a message (a zero-width joiner builds an emoji, a
 * non-joiner shapes Persian words); only a text made of nothing else is refused.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Whether a message would show nothing: empty, or only white space and invisible characters
 * (U+200B, U+200C, U+200D, U+2060, U+FEFF and the like). Such a text is refused as an empty
 * message (`Chat.empty` on the web, `isNotEmpty` in the API): it would post an empty bubble.
 * @param text the message as typed (or as stored)
 */
export function isBlankMessage(text: string): boolean {
  return text.replace(INVISIBLE, "") === "";
}
