"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/console/action-result";
import { consoleApi } from "@/lib/console/api/console";
import { webhookOperations, type CreatedWebhook, type CreateWebhook, type UpdateWebhook, type Webhook, type WebhookDelivery } from "@/lib/contracts/webhooks";

function refresh(parserId: string) {
  revalidatePath(`/parsers/${parserId}/webhooks`, "layout");
}

export async function createWebhookAction(parserId: string, values: CreateWebhook): Promise<ActionResult<CreatedWebhook>> {
  const result = await runAction(async () => (await consoleApi()).call(webhookOperations.create, { params: { parserId }, body: values }));
  refresh(parserId);
  return result;
}

export async function updateWebhookAction(parserId: string, webhookId: string, patch: UpdateWebhook): Promise<ActionResult<Webhook>> {
  const result = await runAction(async () => (await consoleApi()).call(webhookOperations.update, { params: { parserId, webhookId }, body: patch }));
  refresh(parserId);
  return result;
}

export async function deleteWebhookAction(parserId: string, webhookId: string): Promise<ActionResult<void>> {
  const result = await runAction(async () => {
    await (await consoleApi()).call(webhookOperations.remove, { params: { parserId, webhookId } });
  });
  refresh(parserId);
  return result;
}

export async function testWebhookAction(parserId: string, webhookId: string): Promise<ActionResult<WebhookDelivery>> {
  const result = await runAction(async () => (await consoleApi()).call(webhookOperations.test, { params: { parserId, webhookId } }));
  refresh(parserId);
  return result;
}

export async function redeliverAction(parserId: string, webhookId: string, deliveryId: string): Promise<ActionResult<WebhookDelivery>> {
  const result = await runAction(async () => (await consoleApi()).call(webhookOperations.redeliver, { params: { parserId, webhookId, deliveryId } }));
  refresh(parserId);
  return result;
}
