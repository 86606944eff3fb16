// The web client's linter: ESLint's recommended rules and typescript-eslint's,
// and the layers of docs/web.md (eslint-layers.js).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { layers, TEST_FILES } from "./eslint-layers.js";

// expect(getBy...(...)) or expect(screen.getBy...(...)), and the same with getAllBy.
const EXPECT_GET_BY = [
  "CallExpression[callee.name='expect'][arguments.0.callee.property.name=/^get(All)?By/]",
  "CallExpression[callee.name='expect'][arguments.0.callee.name=/^get(All)?By/]",
];
const GET_BY_MESSAGE =
  "getBy... throws when nothing matches, so this cannot fail: assert the element's text, state, role or an attribute (src/testing.ts: shown, usable).";
// What such an expect is followed by that cannot fail once getBy has returned.
const GET_BY_ALWAYS_PASSES = EXPECT_GET_BY.flatMap((expect) => [
  {
    selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined|toBeInTheDocument)$/] > MemberExpression.callee > ${expect}.object`,
    message: GET_BY_MESSAGE,
  },
  {
    selector: `CallExpression[callee.property.name=/^(toBeNull|toBeUndefined|toBeFalsy)$/] > MemberExpression.callee[object.property.name='not'] > MemberExpression.object > ${expect}.object`,
    message: GET_BY_MESSAGE,
  },
]);

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // A getBy query throws when nothing matches, so expect(getBy...(...)).toBeTruthy()
    // (or .toBeDefined(), .not.toBeNull(), ...) can never fail on its own: assert what
    // a person notices of the element instead (its text, state, role or an attribute;
    // src/testing.ts). src/lint.test.ts checks the selectors.
    files: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": ["error", ...GET_BY_ALWAYS_PASSES],
    },
  },
  {
    // The layers of docs/web.md: each file imports its own layer and the ones below (eslint-layers.js).
    files: ["src/**/*.ts", "src/**/*.tsx"],
    ignores: TEST_FILES,
    plugins: { meeple: layers },
    rules: { "meeple/layers": "error" },
  },
  {
    files: ["e2e/**/*.mjs"],
    languageOptions: {
      // Node for the harness, the browser for functions run in the page.
      globals: { ...globals.node, ...globals.browser },
    },
  },
);
