import { accountOperations } from "@/lib/contracts/account";
import { apiRoute } from "@/lib/http/handler";
import { confirmEmailProof } from "@/lib/services/email-proof";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(accountOperations.confirmEmailProof, ({ ctx, body }) => confirmEmailProof(ctx, body));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
