import { classifierOperations } from "@/lib/contracts/classifiers";
import { validationError } from "@/lib/services/errors";
import { apiRoute } from "@/lib/http/handler";
import { readUpload } from "@/lib/http/read-upload";
import { uploadToClassifier } from "@/lib/services/classifiers";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(classifierOperations.uploadFiles, async ({ ctx, params, request, runtime }) => {
  const { files, folderId, ...options } = await readUpload(request);
  if (folderId) throw validationError("A classifier has no folders: leave out folderId (routed documents go to the target parser's root)");
  return { success: true, result: await uploadToClassifier(ctx, { queue: runtime.queue, classifierId: params.classifierId, incoming: files, ...options, source: "api" }) };
});

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
