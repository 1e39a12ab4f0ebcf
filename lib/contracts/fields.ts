import { z } from "zod";
import { defineOperation, displayNameSchema, UuidSchema } from "./common";
import { FIELD_TYPES } from "./enums";

/**
 * Fields of a parser: scalar fields and table fields whose `columns` are fields of the same shape (nested
 * tables allowed, up to MAX_FIELD_DEPTH levels). Extracted data is keyed by field name, and a table's rows by
 * column name, so names are unique among siblings (case-insensitively) and contain no dot: dotted paths such
 * as `items.sku` address a column.
 */
export const MAX_FIELD_DEPTH = 3;

export const FieldTypeSchema = z
  .enum(FIELD_TYPES)
  .describe("Scalar types: text, number, date, currency, boolean, email, phone, url, address, select (with `options`); `table` has `columns`");

export const FieldNameSchema = displayNameSchema(100).refine((name) => !name.includes("."), "A field name cannot contain a dot: dotted paths address table columns");

const OptionsSchema = z
  .array(z.string().trim().min(1).max(200))
  .max(500)
  .describe(
    "The allowed values: required (at least one) for a `select` field; optional for every other type, where extraction treats them as the expected values",
  );

/** A field as the API returns it. Scalar fields have no `columns`. */
export const FieldSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    type: FieldTypeSchema,
    description: z.string(),
    instructions: z.string(),
    required: z.boolean(),
    position: z.int().describe("0-based order among its siblings"),
    options: z.array(z.string()),
    get columns(): z.ZodOptional<z.ZodArray<typeof FieldSchema>> {
      return z.array(FieldSchema).optional().describe("Table fields only: the columns, in order");
    },
  })
  .meta({ id: "Field" });
export type Field = z.infer<typeof FieldSchema>;

const inputShape = {
  name: FieldNameSchema,
  type: FieldTypeSchema,
  description: z.string().max(2_000).optional(),
  instructions: z.string().max(5_000).optional().describe("Guidance for extraction: where the value is, how to read it"),
  required: z.boolean().optional(),
  options: OptionsSchema.optional(),
};

type FieldLike = { name: string; type: string; options?: string[]; columns?: FieldLike[] };

/** Rules that hold for a field and, recursively, its columns. Name clashes are 409s, so the service checks them. */
export function checkFieldShape(field: FieldLike, ctx: z.RefinementCtx): void {
  if (field.type === "select" && (field.options?.length ?? 0) === 0) {
    ctx.addIssue({ code: "custom", path: ["options"], message: "A select field needs at least one option" });
  }
  const seen = new Set<string>();
  for (const [index, option] of (field.options ?? []).entries()) {
    if (seen.has(option.toLowerCase())) ctx.addIssue({ code: "custom", path: ["options", index], message: `Option "${option}" is listed twice` });
    seen.add(option.toLowerCase());
  }
  if (field.type === "table" && (field.columns?.length ?? 0) === 0) {
    ctx.addIssue({ code: "custom", path: ["columns"], message: "A table field needs at least one column" });
  }
  if (field.type !== "table" && field.columns !== undefined) {
    ctx.addIssue({ code: "custom", path: ["columns"], message: "Only table fields have columns" });
  }
  if (tableDepth(field) > MAX_FIELD_DEPTH) {
    ctx.addIssue({ code: "custom", path: ["columns"], message: `Tables nest at most ${MAX_FIELD_DEPTH} levels deep` });
  }
}

/** 0 for a scalar, 1 for a table of scalars, 2 for a table with a table column, … */
export function tableDepth(field: FieldLike): number {
  if (field.type !== "table") return 0;
  return 1 + Math.max(0, ...(field.columns ?? []).map(tableDepth));
}

export type FieldInput = {
  name: string;
  type: (typeof FIELD_TYPES)[number];
  description?: string;
  instructions?: string;
  required?: boolean;
  options?: string[];
  columns?: FieldInput[];
};

/** A new field, in POST /parsers/{parserId}/fields and in the `fields` of POST /parsers. */
export const CreateFieldSchema: z.ZodType<FieldInput, FieldInput> = z
  .strictObject({
    ...inputShape,
    get columns(): z.ZodOptional<z.ZodArray<z.ZodType<FieldInput, FieldInput>>> {
      return z.array(CreateFieldSchema).max(200).optional().describe("Table fields only: the columns, in order (same shape, nested)");
    },
  })
  .superRefine((field, ctx) => checkFieldShape(field, ctx))
  .meta({ id: "FieldInput" });
export type CreateField = FieldInput;

export type ColumnInput = Omit<FieldInput, "columns"> & { id?: string; columns?: ColumnInput[] };

/** A column in an update's `columns`: with the `id` (or the same name) of an existing column it is kept and updated. */
export const ColumnInputSchema: z.ZodType<ColumnInput, ColumnInput> = z
  .strictObject({
    id: UuidSchema.optional().describe("An existing column to keep; without it a column of the same name is kept, or a new one created"),
    ...inputShape,
    get columns(): z.ZodOptional<z.ZodArray<z.ZodType<ColumnInput, ColumnInput>>> {
      return z.array(ColumnInputSchema).max(200).optional();
    },
  })
  .superRefine((field, ctx) => checkFieldShape(field, ctx))
  .meta({ id: "ColumnInput" });

export const UpdateFieldSchema = z.strictObject({
  name: FieldNameSchema.optional().describe("A new name renames the field"),
  type: FieldTypeSchema.optional(),
  description: z.string().max(2_000).optional(),
  instructions: z.string().max(5_000).optional(),
  required: z.boolean().optional(),
  options: OptionsSchema.optional(),
  columns: z
    .array(ColumnInputSchema)
    .max(200)
    .optional()
    .describe("Table fields: the full desired column list. Columns left out are deleted; order is the given order."),
});
export type UpdateField = z.infer<typeof UpdateFieldSchema>;

export const ReorderFieldsSchema = z.strictObject({
  // A bound, so a request cannot make the service sort a million ids; far above any real parser's field count.
  fieldIds: z.array(z.string().min(1).max(200)).min(1).max(1_000).describe("Every top-level field id of the parser, in the new order"),
});

export const FieldsParamsSchema = z.object({ parserId: UuidSchema });
export const FieldParamsSchema = z.object({
  parserId: UuidSchema,
  fieldId: z.string().min(1).max(200).describe("The field's id or its name (case-insensitive) among the top-level fields"),
});

export const FieldsResultSchema = z.object({
  fields: z.array(FieldSchema).describe("Every field of the parser after the change, as a tree"),
  reprocessRecommended: z
    .boolean()
    .describe("True when the parser has processed documents whose extracted data the change affects: reprocess them to refresh it"),
});
export type FieldsResult = z.infer<typeof FieldsResultSchema>;

export const fieldOperations = {
  list: defineOperation({
    operationId: "listFields",
    method: "GET",
    path: "/parsers/{parserId}/fields",
    tag: "Fields",
    summary: "List fields",
    description: "The parser's fields as a tree, in order; table fields carry their `columns`.",
    permission: "parsers.read",
    params: FieldsParamsSchema,
    response: z.object({ data: z.array(FieldSchema) }),
    errors: [403, 404],
  }),
  create: defineOperation({
    operationId: "createField",
    method: "POST",
    path: "/parsers/{parserId}/fields",
    tag: "Fields",
    summary: "Create a field",
    description: "Adds a scalar or table field after the existing ones. A name already used (case-insensitively) is a 409.",
    permission: "parsers.write",
    params: FieldsParamsSchema,
    body: CreateFieldSchema,
    response: FieldsResultSchema.extend({ field: FieldSchema }),
    successStatus: 201,
    errors: [403, 404, 409],
  }),
  update: defineOperation({
    operationId: "updateField",
    method: "PATCH",
    path: "/parsers/{parserId}/fields/{fieldId}",
    tag: "Fields",
    summary: "Update or rename a field",
    description:
      "Changes a scalar or table field; for a table `columns` is the full desired list. Changing the type to or from `table` or `select` needs `columns` or `options` to match. Renaming does not rewrite stored data: reprocess to refresh it.",
    permission: "parsers.write",
    params: FieldParamsSchema,
    body: UpdateFieldSchema,
    response: FieldsResultSchema,
    errors: [403, 404, 409],
  }),
  remove: defineOperation({
    operationId: "deleteField",
    method: "DELETE",
    path: "/parsers/{parserId}/fields/{fieldId}",
    tag: "Fields",
    summary: "Delete a field",
    description: "Deletes the field (by id or name) with its columns. Later fields keep their order.",
    permission: "parsers.write",
    params: FieldParamsSchema,
    response: FieldsResultSchema,
    errors: [403, 404],
  }),
  reorder: defineOperation({
    operationId: "reorderFields",
    method: "POST",
    path: "/parsers/{parserId}/fields/reorder",
    tag: "Fields",
    summary: "Reorder fields",
    description: "Takes every top-level field id in the new order; a partial list, an unknown id or a repeated id is a 400.",
    permission: "parsers.write",
    params: FieldsParamsSchema,
    body: ReorderFieldsSchema,
    response: FieldsResultSchema,
    errors: [403, 404],
  }),
};
