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

// A service's folder is its module: other layers import its index.ts, never the files behind it.
const deepServiceImports = {
  group: ["@/lib/services/*/*"],
  message: "Import the service's index (`@/lib/services/<name>`), not a file behind it; export what you need there.",
};

const productImports = { patterns: [...dbImports.patterns, deepServiceImports] };

// Layering (docs/architecture.md): services sit below every adapter (HTTP, auth, MCP, e-mail, the console), and
// contracts below services. These are the back-edges that once existed; the rules keep them from returning.
const serviceImports = {
  patterns: [
    {
      group: ["@/lib/http", "@/lib/http/*", "@/lib/auth", "@/lib/auth/*", "@/lib/mcp", "@/lib/mcp/*", "@/lib/email", "@/lib/email/*"],
      message: "Services sit below the adapters: throw errors from lib/services/errors.ts, take what an adapter knows as a parameter.",
    },
    {
      group: ["@/lib/console", "@/lib/console/*", "@/app/*", "@/components/*"],
      message: "Services know nothing of the console.",
    },
  ],
};

const contractImports = {
  patterns: [
    ...dbImports.patterns,
    {
      group: ["@/lib/services", "@/lib/services/*", "@/lib/http", "@/lib/http/*", "@/lib/auth", "@/lib/auth/*", "@/lib/mcp", "@/lib/mcp/*"],
      message: "Contracts are the bottom layer (shapes, enums, permissions): they import nothing above them.",
    },
  ],
};

const consoleImports = {
  patterns: [
    ...dbImports.patterns,
    {
      // The typed errors are shared vocabulary (the console's actions and the API client raise and map them too).
      regex: "^@/lib/services(/(?!errors$).*)?$",
      allowTypeImports: true,
      message: "The console is a client of the REST API: use lib/console/api from a server action or server component.",
    },
  ],
};

// The adapters stand in one order, top to bottom: the console (lib/console, a client of the API that signs in through
// lib/auth), sign-in (lib/auth, whose routes answer errors the API's way through lib/http), the API's HTTP plumbing
// (lib/http). What two of them share lives below all three (the console token in lib/secrets, redirect checking in
// lib/utils), so no two of them import each other.
const adapterBelow = (message, ...folders) => ({ group: folders.flatMap((folder) => [`@/lib/${folder}`, `@/lib/${folder}/*`]), message });

const httpImports = {
  patterns: [
    ...productImports.patterns,
    adapterBelow("lib/http sits below sign-in and the console: move what both need to lib/secrets or lib/utils.", "auth", "console", "mcp"),
    { group: ["@/app/*", "@/components/*"], message: "lib/http sits below pages and components." },
  ],
};

const authImports = {
  patterns: [
    ...productImports.patterns,
    adapterBelow("lib/auth sits below the console and MCP: move what both need to lib/secrets or lib/utils.", "console", "mcp"),
    { group: ["@/app/*", "@/components/*"], message: "lib/auth sits below pages and components." },
  ],
};

// The shared pieces below every adapter and service: secrets (keys, tokens, passwords), outbound networking, utilities.
const foundationImports = {
  patterns: [
    ...productImports.patterns,
    adapterBelow("lib/secrets, lib/net and lib/utils sit below services and every adapter.", "services", "http", "auth", "console", "mcp", "email", "runtime", "jobs"),
    { group: ["@/app/*", "@/components/*"], message: "lib/secrets, lib/net and lib/utils sit below pages and components." },
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
      "no-restricted-imports": ["error", productImports],
    },
  },
  {
    // No import cycles in the server code (type-only imports included: they tie modules together for the reader too).
    files: ["lib/**/*.ts"],
    ignores: ["**/*.test.ts"],
    // Never parse packages while following imports: only our own modules can form our cycles.
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["lib/services/**"],
    rules: { "no-restricted-imports": ["error", serviceImports] },
  },
  {
    // STYLE.md: an options object for any function with more than two parameters. In the service layer every function
    // (exported or not, callbacks and function types too) keeps to it: `(ctx, { parserId, documentId })`, or one object.
    files: ["lib/services/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "@typescript-eslint/max-params": ["error", { max: 2 }] },
  },
  {
    files: ["lib/contracts/**"],
    rules: { "no-restricted-imports": ["error", contractImports] },
  },
  {
    files: ["lib/http/**"],
    rules: { "no-restricted-imports": ["error", httpImports] },
  },
  {
    files: ["lib/auth/**"],
    rules: { "no-restricted-imports": ["error", authImports] },
  },
  {
    files: ["lib/secrets/**", "lib/net/**", "lib/utils/**"],
    rules: { "no-restricted-imports": ["error", foundationImports] },
  },
  {
    // The database's own module and the composition roots that open it; tests and benchmarks reach into modules.
    files: ["lib/db/**", "lib/runtime/**", "scripts/**", "tests/**", "**/*.test.ts"],
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
    files: ["app/(console)/**", "app/(auth)/**"],
    rules: { "no-restricted-imports": ["error", consoleImports] },
  },
  {
    // Pages compose components, never the other way round: a server action a component calls lives beside it.
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...consoleImports.patterns,
            { group: ["@/app/*"], message: "Components sit below pages: put the server action beside the component that calls it." },
            // The engine (pdf.js, OCR, ONNX) must stay out of the browser bundle; what both need lives in lib/normalise.
            { group: ["@/lib/extraction", "@/lib/extraction/*"], allowTypeImports: true, message: "The browser shares parsers of amounts and dates through lib/normalise, not the engine." },
          ],
        },
      ],
    },
  },
];

export default config;
