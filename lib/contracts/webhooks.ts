import { z } from "zod";
import { defineOperation, displayTextSchema, SuccessSchema, TimestampSchema, UuidSchema } from "./common";
import { DocumentFullSchema } from "./documents";

/** The document events an endpoint can subscribe to (DESIGN §1.4). */
export const WEBHOOK_EVENTS = [
  "document.processed",
  "document.failed",
  "document.skipped",
  "document.in_review",
  "document.approved",
  "document.rejected",
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** Sent only by "send a test event"; endpoints cannot subscribe to it. */
export const WEBHOOK_TEST_EVENT = "webhook.test" as const;

/**
 * What a manual redelivery repeats, the same object in the body Quarry POSTs and in the delivery log. `messageId`
 * is named as everywhere else (a delivery's `webhook-id` header); `webhookId` means the endpoint everywhere but here,
 * where it held the message id: it stays in the POSTed body for one release, deprecated, then goes.
 */
export const RedeliverySchema = z
  .object({
    deliveryId: UuidSchema.describe("The id of the delivery this one repeats"),
    messageId: z.string().describe("That delivery's `webhook-id` header (this one has a fresh one)"),
  })
  .meta({ id: "Redelivery" });
export type Redelivery = z.infer<typeof RedeliverySchema>;

const RedeliveryFlagSchema = RedeliverySchema.extend({
  webhookId: z.string().meta({ deprecated: true }).describe("Deprecated, removed in the next release: the same value as `messageId` (it never was the endpoint's id)"),
}).describe("Present on a manual redelivery only: it repeats this earlier delivery, under a fresh `webhook-id`");

const SUMMARIES: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, string> = {
  "document.processed": "A document's extraction finished",
  "document.failed": "A document's extraction failed",
  "document.skipped": "A document was skipped (nothing to extract, or not routed)",
  "document.in_review": "A document entered review",
  "document.approved": "A document was approved (its final review stage)",
  "document.rejected": "A document was rejected",
  "webhook.test": "A test event (\"send a test event\"); endpoints cannot subscribe to it",
};

/**
 * The body Quarry POSTs for each event (Standard Webhooks: signed with `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers). Document events carry the document's full view at the moment of the event. Used
 * for the OpenAPI document's `webhooks` section.
 */
const ALL_EVENT_TYPES: (WebhookEvent | typeof WEBHOOK_TEST_EVENT)[] = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT];

export const WEBHOOK_PAYLOADS: Record<string, { summary: string; schema: z.ZodType }> = Object.fromEntries(
  ALL_EVENT_TYPES.map((type) => {
    const data =
      type === WEBHOOK_TEST_EVENT
        ? z.object({ webhook: z.object({ id: UuidSchema, parserId: UuidSchema }), message: z.string() })
        : z.object({ document: DocumentFullSchema });
    const schema = z.object({ type: z.literal(type), timestamp: TimestampSchema.describe("When the event happened"), data, redeliveryOf: RedeliveryFlagSchema.optional() });
    return [type, { summary: SUMMARIES[type], schema }];
  }),
);

export const WebhookUrlSchema = z
  .string()
  .trim()
  .min(1, "URL is required")
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Enter an http or https URL, such as https://example.com/hooks/quarry");

const EventsSchema = z
  .array(WebhookEventSchema)
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const CreateWebhookSchema = z.strictObject({
  url: WebhookUrlSchema,
  events: EventsSchema,
  description: displayTextSchema(500).optional(),
  isActive: z.boolean().optional().describe("Default true. A paused endpoint receives nothing"),
});
export type CreateWebhook = z.input<typeof CreateWebhookSchema>;

export const UpdateWebhookSchema = z.strictObject({
  url: WebhookUrlSchema.optional(),
  events: EventsSchema.optional(),
  description: displayTextSchema(500).optional(),
  isActive: z.boolean().optional().describe("false pauses the endpoint; true resumes it and clears `disabledReason`"),
});
export type UpdateWebhook = z.input<typeof UpdateWebhookSchema>;

export const WebhookSchema = z
  .object({
    id: UuidSchema,
    parserId: UuidSchema,
    url: z.string(),
    events: z.array(z.string()),
    description: z.string(),
    isActive: z.boolean(),
    disabledReason: z.string().nullable().describe("Why Quarry disabled the endpoint (it kept failing), or null"),
    failingSince: TimestampSchema.nullable().describe("Since when deliveries fail without a success in between"),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof WebhookSchema>;

export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().describe("The signing secret (`whsec_…`): returned in this response only"),
}).meta({ id: "CreatedWebhook" });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookAttemptSchema = z
  .object({
    id: UuidSchema,
    attemptedAt: TimestampSchema,
    responseStatus: z.int().nullable(),
    durationMs: z.int().nullable(),
    responseBodyExcerpt: z.string().nullable().describe("The first 2 KB of the response body"),
    error: z.string().nullable(),
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: UuidSchema,
    webhookId: UuidSchema,
    messageId: z.string().describe("The `webhook-id` header: the same on every automatic attempt; a manual redelivery is a new delivery with a new one"),
    eventType: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.int(),
    createdAt: TimestampSchema,
    lastAttemptAt: TimestampSchema.nullable(),
    nextAttemptAt: TimestampSchema.nullable().describe("When a pending delivery is tried next"),
    responseStatus: z.int().nullable(),
    responseTimeMs: z.int().nullable(),
    responseBodyExcerpt: z.string().nullable(),
    error: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    document: z
      .object({ id: UuidSchema, name: z.string() })
      .nullable()
      .describe("The document the event is about (its name when the event happened); null for `webhook.test`"),
    redeliveryOf: RedeliverySchema.nullable().describe("For a manual redelivery: the delivery it repeats, as the POSTed body's `redeliveryOf` names it; null otherwise"),
    attemptLog: z.array(WebhookAttemptSchema).describe("Every attempt, oldest first"),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhooksParamsSchema = z.object({ parserId: UuidSchema });
export const WebhookParamsSchema = z.object({ parserId: UuidSchema, webhookId: UuidSchema });
export const DeliveryParamsSchema = z.object({ parserId: UuidSchema, webhookId: UuidSchema, deliveryId: UuidSchema });

export const DeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
});

const tag = "Webhooks";

export const webhookOperations = {
  list: defineOperation({
    operationId: "listWebhooks",
    method: "GET",
    path: "/parsers/{parserId}/webhooks",
    tag,
    summary: "List webhook endpoints",
    permission: "webhooks.read",
    params: WebhooksParamsSchema,
    response: z.object({ data: z.array(WebhookSchema) }),
    errors: [403, 404],
  }),
  create: defineOperation({
    operationId: "createWebhook",
    method: "POST",
    path: "/parsers/{parserId}/webhooks",
    tag,
    summary: "Create a webhook endpoint",
    description:
      "The signing secret is returned once, in this response. Private, loopback and cloud-metadata targets are refused (400) unless allowed by SAFE_FETCH_ALLOW.",
    permission: "webhooks.write",
    params: WebhooksParamsSchema,
    body: CreateWebhookSchema,
    response: CreatedWebhookSchema,
    successStatus: 201,
    errors: [400, 403, 404],
  }),
  get: defineOperation({
    operationId: "getWebhook",
    method: "GET",
    path: "/parsers/{parserId}/webhooks/{webhookId}",
    tag,
    summary: "Get a webhook endpoint",
    permission: "webhooks.read",
    params: WebhookParamsSchema,
    response: WebhookSchema,
    errors: [403, 404],
  }),
  update: defineOperation({
    operationId: "updateWebhook",
    method: "PATCH",
    path: "/parsers/{parserId}/webhooks/{webhookId}",
    tag,
    summary: "Update, pause or resume a webhook endpoint",
    permission: "webhooks.write",
    params: WebhookParamsSchema,
    body: UpdateWebhookSchema,
    response: WebhookSchema,
    errors: [400, 403, 404],
  }),
  remove: defineOperation({
    operationId: "deleteWebhook",
    method: "DELETE",
    path: "/parsers/{parserId}/webhooks/{webhookId}",
    tag,
    summary: "Delete a webhook endpoint",
    description: "Its deliveries and their attempts go with it; pending deliveries are not sent.",
    permission: "webhooks.write",
    params: WebhookParamsSchema,
    response: SuccessSchema,
    errors: [403, 404],
  }),
  test: defineOperation({
    operationId: "testWebhook",
    method: "POST",
    path: "/parsers/{parserId}/webhooks/{webhookId}/test",
    tag,
    summary: "Send a test event",
    description: "Sends a `webhook.test` event now, even to a paused endpoint, and answers with the delivery after its first attempt.",
    permission: "webhooks.write",
    params: WebhookParamsSchema,
    response: WebhookDeliverySchema,
    errors: [403, 404],
  }),
  deliveries: defineOperation({
    operationId: "listWebhookDeliveries",
    method: "GET",
    path: "/parsers/{parserId}/webhooks/{webhookId}/deliveries",
    tag,
    summary: "List a webhook endpoint's deliveries",
    description: "Newest first, each with its attempts.",
    permission: "webhooks.read",
    params: WebhookParamsSchema,
    query: DeliveriesQuerySchema,
    response: z.object({ data: z.array(WebhookDeliverySchema) }),
    errors: [400, 403, 404],
  }),
  redeliver: defineOperation({
    operationId: "redeliverWebhook",
    method: "POST",
    path: "/parsers/{parserId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
    tag,
    summary: "Redeliver a delivery",
    description:
      "Sends the delivery's event again now, as a new delivery with a fresh `webhook-id` (receivers that de-duplicate on the id would drop a repeat of the old one); its body carries `redeliveryOf: {deliveryId, messageId}` naming the original (and, deprecated for one release, `webhookId`: the same value as `messageId`). Answers with the new delivery after its attempt.",
    permission: "webhooks.write",
    params: DeliveryParamsSchema,
    response: WebhookDeliverySchema,
    errors: [403, 404],
  }),
};
