// The web client's linter: ESLint's recommended rules and typescript-eslint's.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

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
    files: ["e2e/**/*.mjs"],
    languageOptions: {
      // Node for the harness, the browser for functions run in the page.
      globals: { ...globals.node, ...globals.browser },
    },
  },
);
