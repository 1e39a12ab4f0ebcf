import { preferenceOperations } from "@/lib/contracts/preferences";
import { apiRoute } from "@/lib/http/handler";
import { getPreferences, updatePreferences } from "@/lib/services/preferences";

export const GET = apiRoute(preferenceOperations.get, ({ ctx }) => getPreferences(ctx));
export const PATCH = apiRoute(preferenceOperations.update, ({ ctx, body }) => updatePreferences(ctx, body));
