// The web client's linter: ESLint's recommended rules and typescript-eslint's,
// and the layers of docs/web.md (eslint-layers.js).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { layers, TEST_FILES } from "./eslint-layers.js";

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
    // can never fail on its own: assert what a person notices of the element
    // instead (its text, state, role or an attribute; src/testing.ts).
    files: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined|toBeInTheDocument)$/] > MemberExpression > CallExpression[callee.name='expect'] > CallExpression[callee.property.name=/^getBy|^getAllBy/]",
          message:
            "getBy... throws when nothing matches, so this cannot fail: assert the element's text, state, role or an attribute (src/testing.ts: shown, usable).",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined|toBeInTheDocument)$/] > MemberExpression > CallExpression[callee.name='expect'] > CallExpression[callee.name=/^getBy|^getAllBy/]",
          message:
            "getBy... throws when nothing matches, so this cannot fail: assert the element's text, state, role or an attribute (src/testing.ts: shown, usable).",
        },
      ],
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
