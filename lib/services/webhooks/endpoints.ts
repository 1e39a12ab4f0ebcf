import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { CreateWebhookSchema, UpdateWebhookSchema, type CreatedWebhook, type CreateWebhook, type UpdateWebhook, type Webhook } from "@/lib/contracts/webhooks";
import { webhookEndpoints } from "@/lib/db/schema";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { getEndpointInParser, toWebhook } from "./internal";
import { encryptSecret, generateWebhookSecret } from "./secret";
import { assertWebhookTarget } from "./target";

/** What the audit log keeps of an endpoint: never its secret. */
const auditShape = (row: Webhook) => ({ url: row.url, events: row.events, description: row.description, isActive: row.isActive });

export async function listWebhooks(ctx: ServiceContext, parserId: string): Promise<Webhook[]> {
  assertPermission(ctx, "webhooks.read");
  const parser = await getParserInTeam(ctx.db, { access: ctx, parserId });
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.parserId, parser.id), eq(webhookEndpoints.teamId, ctx.teamId)))
    .orderBy(asc(webhookEndpoints.createdAt));
  return rows.map(toWebhook);
}

export async function getWebhook(ctx: ServiceContext, { parserId, webhookId }: { parserId: string; webhookId: string }): Promise<Webhook> {
  assertPermission(ctx, "webhooks.read");
  return toWebhook(await getEndpointInParser(ctx.db, { access: ctx, parserId, webhookId }));
}

export async function createWebhook(ctx: ServiceContext, { parserId, raw }: { parserId: string; raw: CreateWebhook }): Promise<CreatedWebhook> {
  assertPermission(ctx, "webhooks.write");
  const input = CreateWebhookSchema.parse(raw);
  assertWebhookTarget(input.url);
  const secret = generateWebhookSecret();
  const created = await ctx.db.transaction(async (tx) => {
    const parser = await getParserInTeam(tx, { access: ctx, parserId });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        teamId: ctx.teamId,
        parserId: parser.id,
        url: input.url,
        events: input.events,
        description: input.description ?? "",
        isActive: input.isActive ?? true,
        secretCiphertext: encryptSecret(secret),
      })
      .returning();
    const view = toWebhook(row!);
    await recordAudit(tx, { ctx, action: "webhook.create", resourceType: "webhook", resourceId: view.id, after: auditShape(view) });
    return view;
  });
  return { ...created, secret };
}

export async function updateWebhook(ctx: ServiceContext, { parserId, webhookId, raw }: { parserId: string; webhookId: string; raw: UpdateWebhook }): Promise<Webhook> {
  assertPermission(ctx, "webhooks.write");
  const input = UpdateWebhookSchema.parse(raw);
  if (input.url !== undefined) assertWebhookTarget(input.url);
  return ctx.db.transaction(async (tx) => {
    const before = toWebhook(await getEndpointInParser(tx, { access: ctx, parserId, webhookId }));
    // Resuming clears what disabled it; the failure clock restarts with the next failure.
    const resume = input.isActive === true ? { disabledReason: null, failingSince: null } : {};
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...input, ...resume, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    const after = toWebhook(row!);
    await recordAudit(tx, { ctx, action: "webhook.update", resourceType: "webhook", resourceId: after.id, before: auditShape(before), after: auditShape(after) });
    return after;
  });
}

export async function deleteWebhook(ctx: ServiceContext, { parserId, webhookId }: { parserId: string; webhookId: string }): Promise<{ success: true }> {
  assertPermission(ctx, "webhooks.write");
  return ctx.db.transaction(async (tx) => {
    const before = toWebhook(await getEndpointInParser(tx, { access: ctx, parserId, webhookId }));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, before.id));
    await recordAudit(tx, { ctx, action: "webhook.delete", resourceType: "webhook", resourceId: before.id, before: auditShape(before) });
    return { success: true as const };
  });
}
