import "server-only";
import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { emailProofs, users } from "@/lib/db/schema";
import { AppError, conflict, forbidden, validationError } from "@/lib/services/errors";
import { recordAudit, type ServiceContext } from "../context";

/**
 * Proving an address: a code goes by e-mail to the account's address, and the person signed in to the account types
 * it back. Only then does the account see and accept invitations addressed to it (lib/services/invitations).
 *
 * Why a typed code and not a link: a link clicked by whoever reads the mailbox would prove the address for whatever
 * account asked — an admin who made an account for someone else's address through their own team's invitation link
 * could ask, and the real owner's click would hand that admin the address. A code proves only to the session that
 * typed it, and the owner has no reason to type it into an account they cannot open.
 */
export const PROOF_CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong guesses a code survives: 5 tries at 10^8 codes leave an attacker 5e-8 per code sent. */
export const PROOF_CODE_MAX_ATTEMPTS = 5;
/** A new code at most this often per person, so the address's owner is not flooded with mail. */
export const PROOF_CODE_RESEND_MS = 60 * 1000;

export type ProofCodeSender = (message: { to: string; code: string }) => Promise<void>;

/** The code is short, so its hash is salted with the user id: one table of hashes does not serve every user. */
const codeHash = ({ userId, code }: { userId: string; code: string }) => createHash("sha256").update(`${userId}:${code}`).digest("base64url");

function assertConsole(ctx: ServiceContext): void {
  if (ctx.actor.via !== "console") throw forbidden("An address is proven by the person in the console, not by a key or an agent.");
}

/** Whether the account's address is proven (it sees invitations addressed to it). */
export async function isEmailProven(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ provenAt: users.emailProvenAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user?.provenAt);
}

/**
 * Sends a fresh code to the caller's address (replacing any earlier one). `send` is the mail adapter; null when
 * outbound mail is not configured, which is a 409 the console explains.
 */
export async function requestEmailProof(ctx: ServiceContext, { send }: { send: ProofCodeSender | null }): Promise<{ sentTo: string; expiresAt: string }> {
  assertConsole(ctx);
  const [user] = await ctx.db.select({ email: users.email, provenAt: users.emailProvenAt }).from(users).where(eq(users.id, ctx.actor.userId));
  if (!user) throw forbidden("This account no longer exists.");
  if (user.provenAt) throw conflict("Your address is already confirmed.");
  if (!send) throw conflict("This server sends no e-mail (SMTP_URL is not set), so addresses cannot be confirmed here. Ask the inviting admin for the invitation link.");
  const recent = await ctx.db
    .select({ sentAt: emailProofs.sentAt })
    .from(emailProofs)
    .where(and(eq(emailProofs.userId, ctx.actor.userId), gt(emailProofs.sentAt, new Date(Date.now() - PROOF_CODE_RESEND_MS))));
  if (recent.length > 0) {
    const wait = Math.max(1, Math.ceil((recent[0]!.sentAt.getTime() + PROOF_CODE_RESEND_MS - Date.now()) / 1000));
    throw new AppError("RATE_LIMITED", `A code was sent less than a minute ago. Ask again in ${wait} s.`, { headers: { "Retry-After": String(wait) } });
  }
  const code = String(randomInt(100_000_000)).padStart(8, "0");
  const expiresAt = new Date(Date.now() + PROOF_CODE_TTL_MS);
  const values = { email: user.email.toLowerCase(), codeHash: codeHash({ userId: ctx.actor.userId, code }), attempts: 0, sentAt: new Date(), expiresAt };
  await ctx.db.insert(emailProofs).values({ userId: ctx.actor.userId, ...values }).onConflictDoUpdate({ target: emailProofs.userId, set: values });
  try {
    await send({ to: user.email, code });
  } catch (error) {
    // Nothing went out: no pause before the next try, and no code on file that nobody received.
    await ctx.db.delete(emailProofs).where(eq(emailProofs.userId, ctx.actor.userId));
    throw error;
  }
  return { sentTo: user.email, expiresAt: expiresAt.toISOString() };
}

const wrongCode = (message: string) => validationError(message, [{ path: "code", message }]);

type Outcome = "proven" | "none" | "wrong" | "spent";

/** Checks the typed code; the right one proves the address (for this account, as long as its address is unchanged). */
export async function confirmEmailProof(ctx: ServiceContext, { code }: { code: string }): Promise<{ emailProven: true }> {
  assertConsole(ctx);
  // The outcome leaves the transaction as a value: a wrong guess must be counted, not rolled back with an error.
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({ proof: emailProofs, email: users.email })
      .from(emailProofs)
      .innerJoin(users, eq(users.id, emailProofs.userId))
      .where(eq(emailProofs.userId, ctx.actor.userId))
      .for("update");
    if (!row || row.proof.expiresAt.getTime() <= Date.now() || row.proof.email !== row.email.toLowerCase()) return "none";
    // A spent code stays on file (its sentAt keeps the resend pause) but never matches again.
    if (row.proof.attempts >= PROOF_CODE_MAX_ATTEMPTS) return "spent";
    const mine = eq(emailProofs.userId, ctx.actor.userId);
    if (row.proof.codeHash !== codeHash({ userId: ctx.actor.userId, code })) {
      await tx.update(emailProofs).set({ attempts: sql`${emailProofs.attempts} + 1` }).where(mine);
      return row.proof.attempts + 1 >= PROOF_CODE_MAX_ATTEMPTS ? "spent" : "wrong";
    }
    await tx.update(users).set({ emailProvenAt: new Date(), updatedAt: new Date() }).where(eq(users.id, ctx.actor.userId));
    await tx.delete(emailProofs).where(mine);
    await recordAudit(tx, { ctx, action: "user.email.proven", resourceType: "user", resourceId: ctx.actor.userId, after: { email: row.email } });
    return "proven";
  });
  if (outcome === "none") throw wrongCode("No code is waiting for this account, or it expired. Ask for a new one.");
  if (outcome === "spent") throw wrongCode("This code was tried too often and no longer works. Ask for a new one.");
  if (outcome === "wrong") throw wrongCode("That code is not right.");
  return { emailProven: true };
}
