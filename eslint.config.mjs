import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const dbImports = {
  patterns: [
    {
      group: ["@/lib/db", "@/lib/db/*", "**/lib/db/*"],
      allowTypeImports: true,
      message: "Only lib/services queries the database (STYLE.md rule 1). Call a service instead.",
    },
  ],
};

const consoleImports = {
  patterns: [
    ...dbImports.patterns,
    {
      group: ["@/lib/services", "@/lib/services/*"],
      allowTypeImports: true,
      message: "The console is a client of the REST API: use lib/api-client from a server action or server component.",
    },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "data/**", "playwright-report/**", "test-results/**", "next-env.d.ts"] },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", dbImports],
    },
  },
  {
    // The database's own module, the services that own it, and the composition roots that open it.
    files: ["lib/db/**", "lib/services/**", "lib/runtime/**", "scripts/**", "tests/**", "**/*.test.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Worker-thread bootstraps are CommonJS: they must require() the TypeScript hook before loading the engine.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Vitest's ProvidedContext is extended by declaration merging, which only interfaces support.
    files: ["tests/**"],
    rules: { "@typescript-eslint/consistent-type-definitions": "off" },
  },
  {
    files: ["app/(console)/**", "app/(auth)/**", "components/**"],
    rules: { "no-restricted-imports": ["error", consoleImports] },
  },
];

export default config;
