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

// ---------------------------------------------------------------------------------------------------------------
// Raw bodies: what JSON.stringify cannot produce (issue #19, item 8)

/**
 * A body as bytes on the wire, and what the server must answer: `depth` is the 400 for JSON nested past 64
 * levels, `413` the body size limit, `4xx` a 400-class answer with the spec's error body, and `any` anything but a
 * 5xx (the variant may be valid for some routes). Every variant must be answered within the suite's time bound.
 */
export type RawVariant = { label: string; body: string | Uint8Array | (() => ReadableStream<Uint8Array>); contentType: string | null; expect: "depth" | "413" | "4xx" | "any" };

const JSON_TYPE = "application/json";
const PLACEHOLDER = "__raw_variant__";
const BODY_LIMIT = 1024 * 1024;

const arrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** `base` with `property` set to the raw JSON text `raw` (or the whole body when there is no property). */
function embed(base: unknown, property: string | null, raw: string): string {
  if (property === null || !base || typeof base !== "object" || Array.isArray(base)) return raw;
  return JSON.stringify({ ...base, [property]: PLACEHOLDER }).replace(`"${PLACEHOLDER}"`, raw);
}

/** `text` as UTF-8 with `bytes` (invalid UTF-8, say) in place of `mark`. */
function withBytes(text: string, mark: string, bytes: number[]): Uint8Array {
  const at = text.indexOf(mark);
  return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(bytes), Buffer.from(text.slice(at + mark.length))]);
}

/** A body streamed in 64 KB chunks with no Content-Length, so only the server's own count can stop it. */
function streamed(size: number): () => ReadableStream<Uint8Array> {
  return () => {
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(0x20);
        if (sent === 0) chunk[0] = 0x5b; // "[": the rest is whitespace
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
  };
}

/**
 * Depth, size, type and encoding variants of a valid body; `property` is the body's first property (where a
 * nested value is placed), or null for a body without properties.
 */
export function rawBodyVariants(base: unknown, property: string | null): RawVariant[] {
  const at = (raw: string) => embed(base, property, raw);
  const valid = JSON.stringify(base ?? {});
  return [
    // Depth: past the limit is refused before parsing, at the top or inside a property; at the limit is parsed.
    { label: "65 levels of arrays", body: arrays(65), contentType: JSON_TYPE, expect: "depth" },
    { label: "65 levels inside a property", body: at(arrays(64)), contentType: JSON_TYPE, expect: property ? "depth" : "any" },
    { label: "8,000 levels of objects (RangeError before)", body: objects(8000), contentType: JSON_TYPE, expect: "depth" },
    { label: "4,000 levels of arrays inside a property (0.9 s of CPU before)", body: at(arrays(4000)), contentType: JSON_TYPE, expect: "depth" },
    { label: "500,000 levels (1 MB)", body: arrays(500_000), contentType: JSON_TYPE, expect: "depth" },
    { label: "60 levels inside a property", body: at(arrays(60)), contentType: JSON_TYPE, expect: "any" },
    { label: "10,000 brackets inside a string", body: at(JSON.stringify("[{".repeat(5000))), contentType: JSON_TYPE, expect: "any" },
    // Size.
    { label: "1 MB + 1 byte, declared", body: `[${" ".repeat(BODY_LIMIT - 1)}]`, contentType: JSON_TYPE, expect: "413" },
    { label: "2 MB streamed without Content-Length", body: streamed(2 * BODY_LIMIT), contentType: JSON_TYPE, expect: "413" },
    { label: "a 200 KB string", body: at(JSON.stringify("x".repeat(200_000))), contentType: JSON_TYPE, expect: "any" },
    { label: "a 20,000-item array", body: at(JSON.stringify(Array.from({ length: 20_000 }, () => 1))), contentType: JSON_TYPE, expect: "any" },
    // Type: the body is not an object, or is not labelled JSON.
    ...(["null", "[]", '"text"', "1", "true", "{"].map((raw) => ({ label: `body ${raw}`, body: raw, contentType: JSON_TYPE, expect: "4xx" as const }))),
    { label: "text/plain", body: valid, contentType: "text/plain", expect: "any" },
    { label: "no Content-Type", body: valid, contentType: null, expect: "any" },
    { label: "form-urlencoded", body: "a=1&b=%ff", contentType: "application/x-www-form-urlencoded", expect: "4xx" },
    // Encoding.
    { label: "invalid UTF-8 in a string", body: withBytes(at('"a#bytes#b"'), "#bytes#", [0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), contentType: JSON_TYPE, expect: "any" },
    { label: "a lone surrogate", body: at('"\\ud800x"'), contentType: JSON_TYPE, expect: "any" },
    { label: "an escaped NUL", body: at('"a\\u0000b"'), contentType: JSON_TYPE, expect: property ? "4xx" : "any" },
    { label: "UTF-16 with a BOM", body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(valid, "utf16le")]), contentType: JSON_TYPE, expect: "4xx" },
    { label: "a UTF-8 BOM", body: `\ufeff${valid}`, contentType: JSON_TYPE, expect: "any" },
    { label: "1e400", body: at("1e400"), contentType: JSON_TYPE, expect: "any" },
    { label: "__proto__ and constructor keys", body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}${valid === "{}" ? "" : `,${valid.slice(1, -1)}`}}`, contentType: JSON_TYPE, expect: "any" },
  ];
}
