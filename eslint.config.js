// Lint: strict TypeScript rules, no floating promises, import boundaries between rooms:
// features never import each other, providers never import features, contracts import nothing of ours.
import js from "@eslint/js";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder under features/ is a room of its own, so new features are covered as they appear.
const featuresOf = (root) =>
  readdirSync(new URL(`./${root}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const featureZones = (root) =>
  featuresOf(root).map((f) => ({
    target: `./${root}/src/features/${f}`,
    from: `./${root}/src/features`,
    except: [`./${f}`],
    message:
      "Features do not import each other; move the shared piece down into lib/, components/ or contracts.",
  }));

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      "**/drizzle/**",
      "e2e/.artifacts/**",
      "**/*.config.js",
      "**/build.mjs",
      "**/scripts/*.mjs",
      // Plain JavaScript so a worker thread starts it as is, from the sources and from the build.
      "apps/server/src/knowledge/embeddings/embed-worker.mjs",
      "**/vitest.config.ts",
      "**/vite.config.ts",
      "**/drizzle.config.ts",
      "**/playwright.config.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "import-x": importX },
    // Resolve extensionless .ts imports and the web app's @/ alias, or the boundary rules see nothing.
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".json"],
          alias: { "@": [fileURLToPath(new URL("./apps/web/src", import.meta.url))] },
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import-x/no-cycle": "off",
    },
  },
  {
    files: ["apps/server/**/*.ts", "bench/**/*.ts", "e2e/**/*.ts", "packages/**/*.ts"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    rules: { "no-console": "error" },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...featureZones("apps/server"),
            {
              target: "./apps/server/src/providers",
              from: "./apps/server/src/features",
              message: "Providers never import features.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/contracts/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["@tessera/*", "../../apps/*"], message: "Contracts import nothing of ours." }],
        },
      ],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...featureZones("apps/web"),
            {
              target: "./apps/web/src/features",
              from: "./apps/web/src/app",
              message: "app/ composes features, not the other way round.",
            },
            {
              target: "./apps/web/src/components",
              from: "./apps/web/src/features",
              message: "Shared components do not import features.",
            },
            {
              target: "./apps/web/src/lib",
              from: "./apps/web/src/features",
              message: "lib/ does not import features.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          // The first Intl formatter in a page costs 20-50 ms (the browser loads its locale data).
          selector:
            ":matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > " +
            "NewExpression[callee.object.name='Intl']",
          message: "Make Intl formatters when first used (lib/utils dateFormat), not as a module loads.",
        },
      ],
    },
  },
);
