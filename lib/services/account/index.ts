import "server-only";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/lib/secrets/password";
import type { ChangePassword } from "@/lib/contracts/account";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { forbidden, validationError } from "@/lib/services/errors";
import { recordAudit, type ServiceContext } from "../context";
import { endEverySignIn } from "../sessions";

/**
 * Changes the caller's own password, after checking the current one. Only a person signed in to the console may:
 * a key or an agent acting for them never changes how they sign in. Every other way in ends with the old password:
 * the person's other console sessions, their agent connections with their access and refresh tokens. The session
 * that made the change stays.
 */
export async function changeMyPassword(ctx: ServiceContext, input: ChangePassword): Promise<{ success: true }> {
  if (ctx.actor.via !== "console") throw forbidden("Change your password in the console, signed in as yourself");
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.actor.userId));
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw validationError("The current password is not right", [{ path: "currentPassword", message: "This is not your current password" }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, ctx.actor.userId));
    const ended = await endEverySignIn(tx, { userId: ctx.actor.userId, keepSessionKey: ctx.actor.sessionKey ?? null });
    await recordAudit(tx, { ctx, action: "user.password.change", resourceType: "user", resourceId: ctx.actor.userId, after: { endedSessions: ended.sessions, endedConnections: ended.connections } });
  });
  return { success: true };
}

/** Whether an admin set this person's password and they have not chosen their own since. */
export async function mustChangePassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ mustChangePassword: users.mustChangePassword }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.mustChangePassword ?? false;
}
