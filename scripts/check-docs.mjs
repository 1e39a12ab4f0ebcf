#!/usr/bin/env node
// `npm run lint:docs` (part of `npm run lint`): the documentation keeps up with the code. Fails when
//  - an environment variable the code reads (process.env.X, env.X, or a key of lib/env.ts's schema, in lib/, app/,
//    components/, scripts/, tests/, e2e/ and the root configs) has no row in docs/configuration.md's table;
//  - a script of package.json has no row in the scripts table of docs/operations.md;
//  - README.md or a file under docs/ names an issue number ("issue 12", "#12").
// `--list` prints every variable found with the files that read it.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SOURCE_ROOTS = ["lib", "app", "components", "scripts", "tests", "e2e", "instrumentation.ts", "proxy.ts", "next.config.mjs", "playwright.config.ts", "vitest.config.ts"];
const SOURCE_FILE = /\.(ts|tsx|mjs|cjs|js)$/;
const ENV_READ = [/\bprocess\.env\.([A-Z][A-Z0-9_]*)\b/g, /\bprocess\.env\[["']([A-Z][A-Z0-9_]*)["']\]/g, /\benv\??\.([A-Z][A-Z0-9_]*)\b/g];
/** Keys of the zod schema in lib/env.ts: `  NAME: z…` at the start of a line. */
const SCHEMA_KEY = /^\s+([A-Z][A-Z0-9_]*):\s*(z\b|blankAsUnset|optionalString)/gm;
const ISSUE_NUMBER = /\bissues?\s+#?\d+|(?<![\w&/])#\d+\b/gi;

function walk(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return SOURCE_FILE.test(entry) && entry !== path.join("scripts", "check-docs.mjs") ? [entry] : [];
  return fs.readdirSync(full).flatMap((name) => (name === "node_modules" ? [] : walk(path.join(entry, name))));
}

export function environmentVariables() {
  const found = new Map();
  const note = (name, file) => found.set(name, [...new Set([...(found.get(name) ?? []), file])]);
  for (const file of SOURCE_ROOTS.flatMap(walk)) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const pattern of ENV_READ) for (const match of text.matchAll(pattern)) note(match[1], file);
    if (file === path.join("lib", "env.ts")) for (const match of text.matchAll(SCHEMA_KEY)) note(match[1], file);
  }
  return found;
}

/** The first cell of every table row of a markdown file, split on `,` and stripped of backticks. */
function tableNames(markdown) {
  const names = new Set();
  for (const line of markdown.split("\n")) {
    const cell = /^\|([^|]+)\|/.exec(line)?.[1];
    if (!cell) continue;
    for (const match of cell.matchAll(/`([^`]+)`/g)) names.add(match[1].trim());
  }
  return names;
}

function read(file) {
  const full = path.join(root, file);
  return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : "";
}

const problems = [];
const variables = environmentVariables();
if (process.argv.includes("--list")) {
  for (const [name, files] of [...variables].sort()) console.log(`${name}\t${files.join(" ")}`);
  process.exit(0);
}

const documented = tableNames(read("docs/configuration.md"));
for (const [name, files] of [...variables].sort()) {
  if (!documented.has(name)) problems.push(`docs/configuration.md: no row for ${name} (read in ${files.join(", ")})`);
}

const scripts = Object.keys(JSON.parse(read("package.json")).scripts ?? {});
const scriptRows = tableNames(read("docs/operations.md"));
for (const script of scripts) {
  const spelled = script === "start" || script === "test" ? [`npm ${script}`, `npm run ${script}`] : [`npm run ${script}`];
  if (!spelled.some((form) => [...scriptRows].some((row) => row === form || row.startsWith(`${form} `)))) {
    problems.push(`docs/operations.md: no row in the scripts table for \`${spelled[0]}\``);
  }
}

const docs = ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
for (const file of docs) {
  read(file).split("\n").forEach((line, index) => {
    for (const match of line.matchAll(ISSUE_NUMBER)) problems.push(`${file}:${index + 1}: names an issue number ("${match[0]}")`);
  });
}

if (problems.length > 0) {
  console.error(`Documentation check: ${problems.length} problem(s)\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log(`Documentation check: ${variables.size} environment variables, ${scripts.length} npm scripts documented; no issue numbers in ${docs.length} files.`);
