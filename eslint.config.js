import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["warn", { allow: ["warn", "error"] }],
    },
  },
  // Layers the linter keeps (docs/decisions/042): imports point down, never up.
  {
    files: ["app/**", "db/**", "server/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // no-cycle reads the imported files too: it must be able to parse TypeScript.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/lib/platform",
              from: "./app/lib",
              except: ["./platform"],
              message:
                "platform/ is the ground floor: it imports no domain (the composition root is server/startup.ts).",
            },
            {
              target: "./app/lib",
              from: ["./app/routes", "./app/components"],
              message:
                "A domain module imports no route or component: move the shared type or function into the domain.",
            },
            {
              target: "./db",
              from: "./app",
              message: "db/ imports nothing from app/: the app depends on the schema, not the reverse.",
            },
          ],
        },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true, maxDepth: 4 }],
    },
  },
  // Command-line scripts report to the terminal.
  { files: ["scripts/**"], rules: { "no-console": "off" } },
);
