/**
 * What no answer of the bank may contain (issue 5: "no stack trace, SQL text or `at /` paths in
 * any answer"): stack frames, Node internals, error class names, SQL keywords in statement
 * shape, database names. Shared by tests/api/malformed-input.test.ts and fuzz.ts.
 */
export const LEAK =
  /\bat \/|at [\w.<>]+ \(|node:internal|URIError|SyntaxError|TypeError|RangeError|ZodError|Z_DATA_ERROR|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|\bDELETE FROM\b|SQLSTATE|violates|postgres|pglite|drizzle/i;

/** The first leak in `text`, or null. */
export function findLeak(text: string): string | null {
  const m = LEAK.exec(text);
  return m ? m[0] : null;
}
