import "server-only";
import { eq } from "drizzle-orm";
import { parsers } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { forgetParser } from "../learning";
import { getParserInTeam } from "./internal";

/**
 * A soft delete: the parser disappears from every route, and its documents, fields and folders stay in the
 * database untouched (recoverable by an operator; nothing is erased by one API call).
 */
export async function deleteParser(ctx: ServiceContext, parserId: string): Promise<void> {
  assertPermission(ctx, "parsers.write");
  await ctx.db.transaction(async (tx) => {
    const before = await getParserInTeam(tx, { access: ctx, parserId, forUpdate: true });
    await tx.update(parsers).set({ deletedAt: new Date() }).where(eq(parsers.id, before.id));
    // Its memory is erased, not kept for recovery: a deleted parser must not go on knowing its senders.
    await forgetParser(tx, before.id);
    await recordAudit(tx, { ctx, action: "parser.delete", resourceType: "parser", resourceId: before.id, before: { name: before.name, isActive: before.isActive } });
  });
}
