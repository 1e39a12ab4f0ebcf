import { preferenceOperations } from "@/lib/contracts/preferences";
import { apiRoute } from "@/lib/http/handler";
import { getPreferences, updatePreferences } from "@/lib/services/preferences";
import { otherMethods } from "@/lib/http/other-methods";

export const GET = apiRoute(preferenceOperations.get, ({ ctx }) => getPreferences(ctx));
export const PATCH = apiRoute(preferenceOperations.update, ({ ctx, body }) => updatePreferences(ctx, body));

// Methods without an operation: OPTIONS and the spec's 405 (lib/http/other-methods.ts).
export const { POST, PUT, DELETE, OPTIONS } = otherMethods(["GET", "PATCH"]);
