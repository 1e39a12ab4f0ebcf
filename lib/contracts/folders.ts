import { z } from "zod";
import { defineOperation, displayNameSchema, TimestampSchema, UuidSchema } from "./common";

/** Folders of a parser: a tree (parentId null = root). Names are unique among siblings, case-insensitively. */
export const FolderSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    slug: z.string(),
    color: z.string().nullable().describe("Hex colour `#rrggbb`, or null"),
    parentId: UuidSchema.nullable().describe("Null at the root"),
    documentCount: z.int().describe("Documents in this folder and all its descendants"),
    directDocumentCount: z.int().describe("Documents directly in this folder"),
    childFolderCount: z.int().describe("Direct subfolders"),
    pathIds: z.array(UuidSchema).describe("Ids from the root down to this folder, itself included"),
    pathNames: z.array(z.string()),
    pathLabel: z.string().describe("The path names joined with ` / `, such as `Suppliers / ACME`"),
    depth: z.int().describe("0 at the root"),
    hasAutoAssign: z.boolean(),
    autoAssignment: z.record(z.string(), z.unknown()).nullable(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "Folder" });
export type Folder = z.infer<typeof FolderSchema>;

export const FolderNameSchema = displayNameSchema(100).refine((name) => !name.includes("/"), "A folder name cannot contain `/`: paths are shown as `Parent / Child`");

export const FolderColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Use a hex colour such as #3b82f6")
  .transform((color) => color.toLowerCase())
  .nullable();

export const CreateFolderSchema = z.strictObject({
  name: FolderNameSchema,
  color: FolderColorSchema.optional(),
  parentId: UuidSchema.nullable().optional().describe("The parent folder; omitted or null: at the root"),
});
export type CreateFolder = z.infer<typeof CreateFolderSchema>;

export const UpdateFolderSchema = z.strictObject({
  name: FolderNameSchema.optional(),
  color: FolderColorSchema.optional(),
  parentId: UuidSchema.nullable().optional().describe("Moves the folder; null moves it to the root. Into its own subtree: 409"),
  hasAutoAssign: z.boolean().optional(),
  autoAssignment: z
    .union([z.record(z.string(), z.unknown()), z.boolean(), z.null()])
    .optional()
    .describe("Auto-assignment rule. `true` stores an empty rule `{}`, `false` or null clears it"),
});
export type UpdateFolder = z.infer<typeof UpdateFolderSchema>;

export const FoldersParamsSchema = z.object({ parserId: UuidSchema });
export const FolderParamsSchema = z.object({ parserId: UuidSchema, folderId: UuidSchema });

export const DeleteFolderQuerySchema = z.strictObject({
  deleteDocuments: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true")
    .describe("true: delete the documents of the folder and its subfolders; false (default): move them out of any folder"),
});

export const DeletedFolderSchema = z.object({
  success: z.boolean(),
  movedDocuments: z.int().describe("Documents taken out of the deleted folders (now in no folder)"),
  deletedDocuments: z.int().describe("Documents deleted with the folders (deleteDocuments=true)"),
});

export const folderOperations = {
  list: defineOperation({
    operationId: "listFolders",
    method: "GET",
    path: "/parsers/{parserId}/folders",
    tag: "Folders",
    summary: "List folders",
    description: "Every folder of the parser, flat, in tree order: each folder followed by its subfolders, siblings by name.",
    permission: "parsers.read",
    params: FoldersParamsSchema,
    response: z.object({ data: z.array(FolderSchema) }),
    errors: [403, 404],
  }),
  create: defineOperation({
    operationId: "createFolder",
    method: "POST",
    path: "/parsers/{parserId}/folders",
    tag: "Folders",
    summary: "Create a folder",
    description: "A sibling with the same name (case-insensitively) is a 409; an unknown parent a 404.",
    permission: "parsers.write",
    params: FoldersParamsSchema,
    body: CreateFolderSchema,
    response: FolderSchema,
    successStatus: 201,
    errors: [403, 404, 409],
  }),
  update: defineOperation({
    operationId: "updateFolder",
    method: "PATCH",
    path: "/parsers/{parserId}/folders/{folderId}",
    tag: "Folders",
    summary: "Update, rename or move a folder",
    permission: "parsers.write",
    params: FolderParamsSchema,
    body: UpdateFolderSchema,
    response: FolderSchema,
    errors: [403, 404, 409],
  }),
  remove: defineOperation({
    operationId: "deleteFolder",
    method: "DELETE",
    path: "/parsers/{parserId}/folders/{folderId}",
    tag: "Folders",
    summary: "Delete a folder",
    description:
      "Deletes the folder and its subfolders. Their documents are moved out of any folder, or with `deleteDocuments=true` deleted too.",
    permission: "parsers.write",
    params: FolderParamsSchema,
    query: DeleteFolderQuerySchema,
    response: DeletedFolderSchema,
    errors: [403, 404],
  }),
};
