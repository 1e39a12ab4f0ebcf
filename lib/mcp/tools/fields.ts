import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { CreateFieldSchema, FieldParamsSchema, FieldSchema, FieldsResultSchema, UpdateFieldSchema } from "@/lib/contracts/fields";
import { createField, deleteField, listFields, updateField } from "@/lib/services/fields";
import { described, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";

const FIELD_ID = "The field's id, or its name (case-insensitive) among the parser's top-level fields";
const FIELD_SHAPE =
  "{name, type: text | number | date | currency | boolean | email | phone | url | address | select | table, description?, instructions? (where the value is and how to read it), required?, options? (select fields only, at least one), columns? (table fields only, at least one, same shape)}";

export function registerFieldTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "list_fields",
    title: "List a parser's fields",
    description: "The parser's fields as a tree, in order; table fields carry their columns. Extracted data is keyed by field name (table rows by column name).",
    input: z.strictObject(described({ parserId: ids.parserId }, { parserId: PARSER_ID })),
    output: z.object({ data: z.array(FieldSchema) }),
    permission: "parsers.read",
    annotations: { readOnlyHint: true },
    run: async ({ ctx, args }) => ({ data: await listFields(ctx, args.parserId) }),
  });

  addTool(server, deps, {
    name: "create_field",
    title: "Add a field to a parser",
    description:
      "Adds a scalar or table field after the existing ones. A name already used (case-insensitively) is an error. Answers with the new field, every field, and reprocessRecommended (true when processed documents lack the new field: reprocess them to fill it).",
    input: z.strictObject(described({ parserId: ids.parserId, field: CreateFieldSchema }, { parserId: PARSER_ID, field: `The new field: ${FIELD_SHAPE}` })),
    output: FieldsResultSchema.extend({ field: FieldSchema }),
    permission: "parsers.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: ({ ctx, args }) => createField(ctx, { parserId: args.parserId, input: args.field }),
  });

  addTool(server, deps, {
    name: "update_field",
    title: "Update or rename a field",
    description:
      "Changes a field; only the keys given change. For a table field `columns` is the full desired list: columns left out are deleted, so send the existing ones back (with their id) to keep them. Renaming does not rewrite stored data: reprocess documents to refresh it.",
    input: UpdateFieldSchema.safeExtend(
      described(
        { parserId: ids.parserId, fieldId: FieldParamsSchema.shape.fieldId, ...UpdateFieldSchema.shape },
        {
          parserId: PARSER_ID,
          fieldId: FIELD_ID,
          name: "A new name: renames the field (unique among its siblings, no dot)",
          type: "A new type; to or from select needs options, to or from table needs columns",
          description: "What the value is",
          instructions: "Guidance for extraction: where the value is and how to read it",
          required: "Whether a document must have a value",
          options: "select fields: the full list of allowed values",
          columns: `table fields: the full desired column list, in order, each ${FIELD_SHAPE} plus id? (an existing column to keep)`,
        },
      ),
    ),
    output: FieldsResultSchema,
    permission: "parsers.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: ({ ctx, args: { parserId, fieldId, ...body } }) => updateField(ctx, { parserId, fieldId, input: body }),
  });

  addTool(server, deps, {
    name: "delete_field",
    title: "Delete a field",
    description: "Deletes the field with its columns; later fields keep their order. Values already extracted stay in the stored documents until they are reprocessed.",
    input: z.strictObject(described({ parserId: ids.parserId, fieldId: FieldParamsSchema.shape.fieldId }, { parserId: PARSER_ID, fieldId: FIELD_ID })),
    output: FieldsResultSchema,
    permission: "parsers.write",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    run: ({ ctx, args }) => deleteField(ctx, { parserId: args.parserId, fieldId: args.fieldId }),
  });
}
