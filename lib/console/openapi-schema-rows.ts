/**
 * A JSON Schema (as the OpenAPI document holds it) flattened into rows a person can read in a table: one per
 * property, nested objects and array items as dotted paths (`result[].documentId`), `$ref`s followed, types
 * written as TypeScript-like unions. Pure, so it is unit-tested without a server.
 */
export type Schema = { $ref?: string; type?: string | string[]; [key: string]: unknown };
export type SchemaRow = { name: string; type: string; required: boolean; description: string; deprecated: boolean };

/** Nesting shown in a table; deeper structure is named by its type (a DocumentFull's review stages, a field's columns). */
const MAX_DEPTH = 3;

export function refName(schema: Schema): string | undefined {
  return schema.$ref?.replace(/^#\/components\/schemas\//, "");
}

export function resolveSchema(schema: Schema, schemas: Record<string, Schema>): Schema {
  const name = refName(schema);
  return name ? (schemas[name] ?? schema) : schema;
}

/** The schema's variants when it is a union (anyOf/oneOf), else itself. */
function variants(schema: Schema): Schema[] {
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return union ?? [schema];
}

export function typeLabel(schema: Schema, schemas: Record<string, Schema>): string {
  const name = refName(schema);
  if (name) return name;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(" | ");
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return [...new Set(union.map((variant) => typeLabel(variant, schemas)))].join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((type) => {
    if (type === "array") return `${typeLabel((schema.items as Schema | undefined) ?? {}, schemas)}[]`;
    if (type === "string" && schema.format === "binary") return "file";
    if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
    if (type === "integer") return "integer";
    return type;
  });
  return labels.length > 0 ? labels.join(" | ") : "any";
}

function objectOf(schema: Schema, schemas: Record<string, Schema>): Schema | undefined {
  for (const variant of variants(resolveSchema(schema, schemas))) {
    const resolved = resolveSchema(variant, schemas);
    if (resolved.properties) return resolved;
    if (resolved.type === "array" || (Array.isArray(resolved.type) && resolved.type.includes("array"))) continue;
  }
  return undefined;
}

function arrayItemsOf(schema: Schema, schemas: Record<string, Schema>): Schema | undefined {
  for (const variant of variants(resolveSchema(schema, schemas))) {
    const resolved = resolveSchema(variant, schemas);
    if (resolved.items) return resolved.items as Schema;
  }
  return undefined;
}

/** Rows for an object schema's properties (recursively); a schema without properties gives none. */
export function schemaRows(schema: Schema, schemas: Record<string, Schema>, prefix = "", depth = 0): SchemaRow[] {
  const object = objectOf(schema, schemas);
  if (!object) {
    // An array of objects at the top (a list body): describe its items.
    const items = depth === 0 ? arrayItemsOf(schema, schemas) : undefined;
    return items ? schemaRows(items, schemas, `${prefix}[]`, depth + 1) : [];
  }
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows: SchemaRow[] = [];
  for (const [key, raw] of Object.entries((object.properties ?? {}) as Record<string, Schema>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const property = raw;
    const resolved = resolveSchema(property, schemas);
    rows.push({
      name,
      type: typeLabel(property, schemas),
      required: required.has(key),
      description: String(property.description ?? resolved.description ?? ""),
      deprecated: property.deprecated === true || resolved.deprecated === true,
    });
    if (depth + 1 >= MAX_DEPTH) continue;
    if (objectOf(property, schemas)) rows.push(...schemaRows(property, schemas, name, depth + 1));
    else {
      const items = arrayItemsOf(property, schemas);
      if (items && objectOf(items, schemas)) rows.push(...schemaRows(items, schemas, `${name}[]`, depth + 1));
    }
  }
  return rows;
}
