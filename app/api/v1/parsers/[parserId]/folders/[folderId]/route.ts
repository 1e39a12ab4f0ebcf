import { folderOperations } from "@/lib/contracts/folders";
import { apiRoute } from "@/lib/http/handler";
import { deleteFolder, updateFolder } from "@/lib/services/folders";
import { otherMethods } from "@/lib/http/other-methods";

export const PATCH = apiRoute(folderOperations.update, ({ ctx, params, body }) => updateFolder(ctx, { parserId: params.parserId, folderId: params.folderId, input: body }));
export const DELETE = apiRoute(folderOperations.remove, ({ ctx, params, query }) => deleteFolder(ctx, { parserId: params.parserId, folderId: params.folderId, ...query }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods(["PATCH", "DELETE"]);
