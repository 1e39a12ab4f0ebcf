import type { FieldDefinition } from "../types";

type JsonSchema = Record<string, unknown>;

function scalarSchema(field: FieldDefinition): JsonSchema {
  const description = [field.description, field.instructions].filter(Boolean).join(" — ") || undefined;
  const withDesc = (s: JsonSchema): JsonSchema => (description ? { ...s, description } : s);
  switch (field.type) {
    case "number":
    case "currency":
      return withDesc({ type: ["number", "null"] });
    case "boolean":
      return withDesc({ type: ["boolean", "null"] });
    case "date":
      return withDesc({ type: ["string", "null"], description: `${description ?? field.name} (ISO date yyyy-mm-dd)` });
    case "select":
      return withDesc({ type: ["string", "null"], enum: [...(field.options ?? []), null] });
    case "table":
      return withDesc({
        type: "array",
        items: { type: "object", additionalProperties: false, properties: Object.fromEntries((field.columns ?? []).map((c) => [c.name, scalarSchema(c)])), required: (field.columns ?? []).map((c) => c.name) },
      });
    default:
      return withDesc({ type: ["string", "null"] });
  }
}

/** A strict JSON schema with one property per parser field (tables as arrays of row objects). */
export function schemaForFields(fields: FieldDefinition[]): JsonSchema {
  return {
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(fields.map((f) => [f.name, scalarSchema(f)])),
    required: fields.map((f) => f.name),
  };
}
