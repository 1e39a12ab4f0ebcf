import "server-only";
import { cache } from "react";
import { consoleApi } from "@/lib/console/api/console";
import { sessionOperations, type Me } from "@/lib/contracts/session";

/** Who the console user is in their current team; one API call per request however many components ask. */
export const getMe = cache(async (): Promise<Me> => (await consoleApi()).call(sessionOperations.me, {}));

export function hasPermission(me: Me, permission: string): boolean {
  return me.permissions.includes(permission);
}
