// ESLint, run by `npm run lint` and so by `npm test` (CI). Flat config.
//
// Why it exists (issue 15, docs/decisions/0021-input-patterns.md): a regular expression with
// super-linear backtracking froze the whole process on one request. eslint-plugin-regexp's
// recommended set plus its two ReDoS rules, as errors, keep that class of bug out. The React
// hooks rules keep the effect dependency lists honest. The rule set is meant to grow.
import tsParser from "@typescript-eslint/parser";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";

export default [
  {
    // What is not ours or not source: output, dependencies, generated types, test artefacts,
    // static files, the embedded database.
    ignores: ["build/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "public/", "data/", "scratch/"],
  },
  {
    linterOptions: {
      // A disable comment that no longer silences anything is an error: it would hide the next
      // real finding on that line.
      reportUnusedDisableDirectives: "error",
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    languageOptions: {
      parser: tsParser,
      // No type information: the regex and hooks rules work on syntax, and this keeps the run fast.
      parserOptions: { ecmaVersion: "latest", sourceType: "module" },
    },
  },
  regexp.configs["flat/recommended"],
  {
    rules: {
      // ReDoS: both as errors. "potential" also reports a pattern whose use the rule cannot see
      // (handed to a function, built into another pattern), not only the ones it is sure about.
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { report: "potential", ignoreSticky: false, ignorePartial: false }],
    },
  },
  {
    // The app only: Playwright's fixtures (tests/e2e) call a function named `use`, which
    // rules-of-hooks would take for React's.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
];
