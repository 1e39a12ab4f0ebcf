import type { JsonSchema } from "./openapi-routes";

/**
 * Invalid variants of a valid request body, derived from the body's JSON Schema in openapi.json: a value of the
 * wrong type for each property, a string one character past its `maxLength`, an array one item past its
 * `maxItems`, and an unknown key in each strict object, at every depth the valid body reaches (up to three).
 */
export type Mutation = { label: string; body: unknown; unknownKey?: string };

type Resolve = (schema: JsonSchema) => JsonSchema;
type Path = (string | number)[];

const WRONG_VALUES: [string, unknown][] = [
  ["number", 12345],
  ["string", "not-a-valid-value"],
  ["boolean", true],
  ["object", { unexpected: 1 }],
  ["array", ["unexpected"]],
];

/** The JSON types a schema accepts; null when it accepts anything (an empty schema somewhere in a union). */
export function acceptedTypes(schema: JsonSchema, resolve: Resolve): Set<string> | null {
  const resolved = resolve(schema);
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (branches) {
    const out = new Set<string>();
    for (const branch of branches) {
      const inner = acceptedTypes(branch, resolve);
      if (!inner) return null;
      inner.forEach((type) => out.add(type));
    }
    return out;
  }
  if (resolved.type) {
    const types = new Set(Array.isArray(resolved.type) ? resolved.type : [resolved.type]);
    if (types.has("integer")) types.add("number");
    return types;
  }
  if (resolved.const !== undefined) return new Set([typeof resolved.const]);
  if (resolved.enum) return new Set(resolved.enum.map((value) => (value === null ? "null" : typeof value)));
  return null;
}

/** The one non-null branch of a nullable schema, or the schema itself. */
function concrete(schema: JsonSchema, resolve: Resolve): JsonSchema {
  const resolved = resolve(schema);
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (!branches) return resolved;
  const nonNull = branches.map(resolve).filter((branch) => branch.type !== "null");
  return nonNull.length === 1 ? concrete(nonNull[0]!, resolve) : resolved;
}

/** A plausible item for an array schema, when the valid body has none to copy. */
function sampleItem(schema: JsonSchema, resolve: Resolve): unknown {
  const item = concrete(schema, resolve);
  if (item.enum) return item.enum[0];
  if (item.const !== undefined) return item.const;
  if (item.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (item.type === "string") return "x";
  if (item.type === "integer" || item.type === "number") return 1;
  if (item.type === "boolean") return true;
  if (item.type === "array") return [];
  return {};
}

function setAt(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  cursor[path[path.length - 1]!] = value;
  return copy;
}

const label = (path: Path) => path.map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`)).join("").replace(/^\./, "") || "(body)";

export function bodyMutations(base: unknown, schema: JsonSchema, resolve: Resolve, unknownKeys: string[]): Mutation[] {
  const out: Mutation[] = [];

  const visitValue = (node: JsonSchema, path: Path, value: unknown, depth: number) => {
    const types = acceptedTypes(node, resolve);
    if (types && path.length > 0) {
      const wrong = WRONG_VALUES.find(([type]) => !types.has(type));
      if (wrong) out.push({ label: `${label(path)}: ${wrong[0]} instead of ${[...types].join("|")}`, body: setAt(base, path, wrong[1]) });
    }
    const resolved = concrete(node, resolve);
    if (resolved.type === "string" && resolved.maxLength !== undefined && path.length > 0) {
      out.push({ label: `${label(path)}: ${resolved.maxLength + 1} characters`, body: setAt(base, path, "a".repeat(resolved.maxLength + 1)) });
    }
    if (resolved.type === "array" && path.length > 0) {
      if (resolved.maxItems !== undefined) {
        const item = Array.isArray(value) && value.length > 0 ? value[0] : sampleItem(resolved.items ?? {}, resolve);
        out.push({ label: `${label(path)}: ${resolved.maxItems + 1} items`, body: setAt(base, path, Array.from({ length: resolved.maxItems + 1 }, () => structuredClone(item))) });
      }
      if (Array.isArray(value) && value.length > 0 && resolved.items && depth < 3) visitValue(resolved.items, [...path, 0], value[0], depth + 1);
    }
    if (resolved.type === "object" && resolved.properties && value && typeof value === "object" && !Array.isArray(value) && depth < 3) {
      for (const [name, property] of Object.entries(resolved.properties)) visitValue(property, [...path, name], (value as Record<string, unknown>)[name], depth + 1);
      if (resolved.additionalProperties === false) {
        const allowed = new Set(Object.keys(resolved.properties));
        const keys = path.length === 0 ? unknownKeys : unknownKeys.slice(0, 1);
        for (const key of keys.filter((candidate) => !allowed.has(candidate))) {
          out.push({ label: `${label([...path, key])}: an unknown key`, body: setAt(base, [...path, key], key === "reviewerId" || key === "id" ? "00000000-0000-4000-8000-000000000000" : "approved"), unknownKey: key });
        }
      }
    }
  };

  visitValue(schema, [], base, 0);
  return out;
}

/** Every array and every free-text string of a schema: each needs a bound, or a client can send a million. */
export function unboundedParts(schema: JsonSchema, resolve: Resolve, path = "(body)", seen = new Set<JsonSchema>()): string[] {
  const resolved = resolve(schema);
  if (seen.has(resolved)) return [];
  seen.add(resolved);
  const out: string[] = [];
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) out.push(...unboundedParts(branch, resolve, path, seen));
  if (resolved.type === "array") {
    if (resolved.maxItems === undefined) out.push(`${path}: array without maxItems`);
    if (resolved.items) out.push(...unboundedParts(resolved.items, resolve, `${path}[]`, seen));
  }
  // A format or a pattern (a UUID, a date, a hex colour) already fixes what the string may hold.
  if (resolved.type === "string" && resolved.maxLength === undefined && !resolved.enum && resolved.const === undefined && !resolved.format && !resolved.pattern) {
    out.push(`${path}: string without maxLength`);
  }
  for (const [name, property] of Object.entries(resolved.properties ?? {})) out.push(...unboundedParts(property, resolve, `${path}.${name}`, seen));
  return out;
}
