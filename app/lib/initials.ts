/**
 * The initials on the header's profile button (spec 000 §2 "profile button (user name and
 * avatar)"; the bank keeps no photos, so the avatar is the name's initials).
 * @param name the displayed name ("First Last", an organization's name, or a phone number)
 * @returns up to two capital letters: the first letters of the first and last words that begin
 *   with a letter; "" when no word does (a phone number: the avatar then shows a figure)
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return "";
  const first = [...words[0]][0];
  const last = words.length > 1 ? [...words[words.length - 1]][0] : "";
  return (first + last).toLocaleUpperCase();
}
