import { folderOperations } from "@/lib/contracts/folders";
import { apiRoute } from "@/lib/http/handler";
import { createFolder, listFolders } from "@/lib/services/folders";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(folderOperations.list, async ({ ctx, params }) => ({ data: await listFolders(ctx, params.parserId) }));
export const POST = apiRoute(folderOperations.create, ({ ctx, params, body }) => createFolder(ctx, { parserId: params.parserId, input: body }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET", "POST"]);
