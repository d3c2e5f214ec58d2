/**
 * ESLint 9 flat config (issue 5 §5): typescript-eslint recommended everywhere; React hooks and
 * jsx-a11y recommended rules for the web app (app/). Syntax-only (no type-aware rules) so it stays
 * fast; `tsc --noEmit` does the type checking. Formatting is Prettier's job, not ESLint's.
 */
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      // Mirrors .gitignore (ESLint 9 does not read it).
      ".cache/**",
      "build/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      "tests/.tmp/**",
      "test-results/**",
      "playwright-report/**",
      "server/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed parameters and variables are deliberately unused (e.g. express's 4-argument error handler).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // A link to an element of the same page is an InPageLink: with JavaScript a hash navigation is
    // a Remix navigation that drops the form's errors (docs/decisions.md "The error summary's
    // links focus their field themselves").
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/InPageLink.tsx", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "JSXAttribute[name.name='href'] > Literal[value=/^#/]",
          "JSXAttribute[name.name='href'] > JSXExpressionContainer > Literal[value=/^#/]",
          "JSXAttribute[name.name='href'] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^#/]",
        ].map((selector) => ({
          selector,
          message: "A link within the page is <InPageLink to=…> (app/components/ui/InPageLink.tsx).",
        })),
      ],
    },
  },
  {
    files: ["tests/**/*.{ts,tsx}", "**/*.test.{ts,tsx}"],
    // Tests read untyped JSON answers and send deliberately ill-typed bodies; their assertions are the type check.
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
);
