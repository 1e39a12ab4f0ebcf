import { folderOperations } from "@/lib/contracts/folders";
import { apiRoute } from "@/lib/http/handler";
import { createFolder, listFolders } from "@/lib/services/folders";

export const GET = apiRoute(folderOperations.list, async ({ ctx, params }) => ({ data: await listFolders(ctx, params.parserId) }));
export const POST = apiRoute(folderOperations.create, ({ ctx, params, body }) => createFolder(ctx, { parserId: params.parserId, input: body }));
