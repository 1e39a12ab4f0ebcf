import { accountOperations } from "@/lib/contracts/account";
import { outboundMailConfigured, sendEmailProofCode } from "@/lib/email/outbound";
import { apiRoute } from "@/lib/http/handler";
import { requestEmailProof } from "@/lib/services/email-proof";
import { otherMethods } from "@/lib/http/other-methods";

export const POST = apiRoute(accountOperations.requestEmailProof, ({ ctx }) => requestEmailProof(ctx, { send: outboundMailConfigured() ? sendEmailProofCode : null }));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
