/**
 * Does the browser JavaScript the build emits parse in every tier (a) browser?
 *
 * Remix 2's classic compiler (@remix-run/dev, compiler/js/compiler.js) bundles the browser
 * code with esbuild and sets no `target`, so esbuild's default, `esnext`, applies: the syntax of
 * the sources and of node_modules passes through unchanged. Nothing lowers it; this check reads
 * the output instead.
 *
 * Tier (a) (floor.ts) parses ES2022 except two things Safari gained only in 16.4: class static
 * blocks (`static { … }`) and regular-expression lookbehind (`(?<=…)`, `(?<!…)`). So: every
 * file must parse with acorn at `ecmaVersion: 2022` as a module (anything newer — e.g. the
 * RegExp `v` flag, import attributes, `using` — is a syntax error there), and the AST must hold
 * neither of those two.
 *
 * A file that fails this would not break a page: the browser refuses the whole module graph, so
 * nothing hydrates and the page stays the server-rendered one. It would silently take the
 * enhanced app away from the browsers we promise it to.
 */
import { parse, type Node } from "acorn";
import { full } from "acorn-walk";

/** ECMAScript version every tier (a) browser parses (with the exceptions below). */
export const TIER_A_ECMA_VERSION = 2022;

/** One finding: the file, the offset in it, and what is wrong. */
export interface SyntaxViolation {
  file: string;
  offset: number;
  message: string;
}

const LOOKBEHIND = /\(\?<[=!]/;

/** True when a regular-expression source holds a lookbehind group (outside a class or escape). */
export function hasLookbehind(pattern: string): boolean {
  // Drop escapes and character classes, where "(?<=" is literal text.
  const bare = pattern.replace(/\\./g, "_").replace(/\[[^\]]*\]/g, "_");
  return LOOKBEHIND.test(bare);
}

interface RegExpLiteralNode {
  type: "Literal";
  start: number;
  regex?: { pattern: string; flags: string };
}
interface CallLikeNode {
  type: "NewExpression" | "CallExpression";
  start: number;
  callee: { type: string; name?: string };
  arguments: { type: string; value?: unknown }[];
}

/**
 * Check one emitted module.
 * @param code the file's text (an ES module)
 * @param file its name, for the messages
 * @returns the findings; empty when every tier (a) browser parses it
 */
export function checkModuleSyntax(code: string, file: string): SyntaxViolation[] {
  let ast: Node;
  try {
    ast = parse(code, { ecmaVersion: TIER_A_ECMA_VERSION, sourceType: "module" });
  } catch (error) {
    const pos = (error as { pos?: number }).pos ?? 0;
    return [{ file, offset: pos, message: `not ES${TIER_A_ECMA_VERSION}: ${(error as Error).message}` }];
  }
  const found: SyntaxViolation[] = [];
  full(ast, (node) => {
    if (node.type === "StaticBlock") {
      found.push({ file, offset: node.start, message: "class static block (Safari 16.4+, tier (a) has Safari 15.4)" });
    }
    if (node.type === "Literal") {
      const regex = (node as unknown as RegExpLiteralNode).regex;
      if (regex && hasLookbehind(regex.pattern))
        found.push({ file, offset: node.start, message: `RegExp lookbehind /${regex.pattern}/ (Safari 16.4+)` });
    }
    if (node.type === "NewExpression" || node.type === "CallExpression") {
      const call = node as unknown as CallLikeNode;
      const first = call.arguments[0];
      if (
        call.callee.type === "Identifier" &&
        call.callee.name === "RegExp" &&
        first?.type === "Literal" &&
        typeof first.value === "string" &&
        hasLookbehind(first.value)
      )
        found.push({ file, offset: node.start, message: `RegExp lookbehind in RegExp("${first.value}") (Safari 16.4+)` });
    }
  });
  return found;
}
