import { folderOperations } from "@/lib/contracts/folders";
import { apiRoute } from "@/lib/http/handler";
import { deleteFolder, updateFolder } from "@/lib/services/folders";

export const PATCH = apiRoute(folderOperations.update, ({ ctx, params, body }) => updateFolder(ctx, { parserId: params.parserId, folderId: params.folderId, input: body }));
export const DELETE = apiRoute(folderOperations.remove, ({ ctx, params, query }) => deleteFolder(ctx, { parserId: params.parserId, folderId: params.folderId, ...query }));
