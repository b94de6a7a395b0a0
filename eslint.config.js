// ESLint, run by `npm run lint` and so by `npm test` (CI). Flat config. The house style
// (decision 0028): typescript-eslint's recommended rules; eslint-plugin-regexp's, with the two
// ReDoS rules as errors (issue 15: one regular expression with super-linear backtracking froze the
// whole process; decision 0021); the React hooks rules; and the import boundaries below. Prettier
// formats (`npm run format`); `npm run lint` checks both.
import tsParser from "@typescript-eslint/parser";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

/** Imports that climb two folders or more: the `~/` alias names the place instead. */
const DEEP_RELATIVE = { group: ["../../*"], message: "Import from another folder with the ~/ alias (~/server/..., ~/common/...)." };

/** `~/server` names the folder: the root server.ts is only the server build's entry (issue 26). */
const ROOT_SERVER_ENTRY = ["~/server", "~/server.ts", "~/server.js"].map((name) => ({
  name,
  message: "Import the module itself: ~/server/main (the composition root), ~/server/config, ~/server/<area>/...",
}));

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
      parserOptions: { ecmaVersion: "latest", sourceType: "module" },
    },
  },
  {
    // With type information (the project's tsconfig.json), for the two rules that matter most in
    // async Express, React Router and Drizzle code (issue 26, decision 0052): a promise nobody
    // awaits or catches (its failure is lost, or ends the process as an unhandled rejection), and a
    // promise handed to something that expects a plain function (a handler, an onClick, a timer).
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_` names a value left out on purpose (`const { passwordHash: _, ...account } = row`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "no-restricted-imports": ["error", { paths: ROOT_SERVER_ENTRY, patterns: [DEEP_RELATIVE] }],
    },
  },
  {
    // Browser code (everything under app/ but .server modules and tests) imports server/ only as
    // types. Loaders and actions reach server code through app/services.server.ts and the other
    // .server modules, which React Router keeps out of the browser's bundle (the build fails if a
    // component would need one).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ROOT_SERVER_ENTRY,
          patterns: [
            DEEP_RELATIVE,
            {
              group: ["~/server/*", "**/server/*"],
              allowTypeImports: true,
              message:
                "Browser code must not load server code: import it in a loader or action through a .server module (app/services.server.ts), or import only its types.",
            },
          ],
        },
      ],
    },
  },
  {
    // Route modules read like Hydrogen's (issue 26, decision 0049): loader, action, meta and a
    // component made of parts, in at most 250 lines; a longer one is split into its parts.
    // app/route-modules.test.tsx checks every module of the route table the same way.
    files: ["app/root.tsx", "app/routes/**/*.{ts,tsx}", "app/admin/panels/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Tests read JSON replies whose shape their assertions check; typing every reply would copy
    // the contract into the tests without checking anything more.
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // A request a browser test sends on the page's behalf (route.fetch) can meet a kept-alive
    // connection just as the shop closes it; a browser would send it again, Playwright only when
    // asked (tests/e2e/fixtures.ts, resendOnReset, does the same for the tests' own requests).
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='route'][callee.property.name='fetch']:not(:has(Property[key.name='maxRetries']))",
          message:
            "Pass maxRetries (route.fetch({ maxRetries: 1 })): a request on a kept-alive connection the shop is closing is reset, and a browser would send it again.",
        },
      ],
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
