import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { UuidSchema } from "@/lib/contracts/common";
import { FolderSchema } from "@/lib/contracts/folders";
import { moveDocuments } from "@/lib/services/documents";
import { listFolders } from "@/lib/services/folders";
import { described, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";

export const MAX_MOVE_DOCUMENTS = 100;

export function registerFolderTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "list_folders",
    title: "List a parser's folders",
    description: "The parser's folders, flat and ordered by path (parentId links the tree; pathLabel reads like `Suppliers / ACME`), with document counts.",
    input: z.strictObject(described({ parserId: ids.parserId }, { parserId: PARSER_ID })),
    output: z.object({ data: z.array(FolderSchema) }),
    permission: "parsers.read",
    annotations: { readOnlyHint: true },
    run: async ({ ctx, args }) => ({ data: await listFolders(ctx, args.parserId) }),
  });

  addTool(server, deps, {
    name: "move_documents",
    title: "Move documents to a folder",
    description: `Moves up to ${MAX_MOVE_DOCUMENTS} documents of a parser into one of its folders, or out of any folder (folderId null). All or nothing: an unknown document id moves none and names the id.`,
    input: z.strictObject(
      described(
        {
          parserId: ids.parserId,
          documentIds: z.array(UuidSchema).min(1).max(MAX_MOVE_DOCUMENTS),
          folderId: UuidSchema.nullable(),
        },
        {
          parserId: PARSER_ID,
          documentIds: `The documents to move (1–${MAX_MOVE_DOCUMENTS} ids of this parser's documents)`,
          folderId: "The target folder (list_folders), or null to take the documents out of their folder",
        },
      ),
    ),
    output: z.object({ moved: z.int(), ids: z.array(UuidSchema), folderId: UuidSchema.nullable() }),
    permission: "documents.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: ({ ctx, args }) => moveDocuments(ctx, { parserId: args.parserId, input: { documentIds: args.documentIds, folderId: args.folderId } }),
  });
}
