import { z } from "zod";
import { KEY_PERMISSIONS } from "@/lib/contracts/permissions";
import { defineOperation, displayNameSchema, SuccessSchema, TimestampSchema, UuidSchema } from "./common";

export const KeyPermissionSchema = z.enum(KEY_PERMISSIONS);

export const CreateApiKeySchema = z.strictObject({
  name: displayNameSchema(100),
  permissions: z
    .array(KeyPermissionSchema)
    .max(KEY_PERMISSIONS.length)
    .optional()
    .describe("Permissions the key carries; at most the creator's own. Omitted: all of the creator's key permissions."),
  expiresAt: z.iso
    .datetime({ offset: true, message: "Give the expiry as a date and time, such as 2027-01-31T00:00:00Z" })
    .refine((value) => Date.parse(value) > Date.now(), "The expiry must be in the future")
    .optional()
    .describe("When the key stops working (401 with a message saying it expired); omitted: it never expires"),
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

export const ApiKeySchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    prefix: z.string().describe("The first characters of the key, to tell keys apart"),
    permissions: z.array(z.string()),
    createdAt: TimestampSchema,
    lastUsedAt: TimestampSchema.nullable(),
    createdBy: z.object({ id: UuidSchema, name: z.string(), email: z.string() }),
    expiresAt: TimestampSchema.nullable().describe("When the key stops working; null: never"),
    revokedAt: TimestampSchema.nullable(),
    status: z.enum(["active", "expired", "revoked"]),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreatedApiKeySchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    prefix: z.string(),
    permissions: z.array(z.string()),
    key: z.string().describe("The key itself: shown in this response only"),
    createdAt: TimestampSchema,
  })
  .meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyParamsSchema = z.object({ keyId: UuidSchema });

export const apiKeyOperations = {
  list: defineOperation({
    operationId: "listApiKeys",
    method: "GET",
    path: "/api-keys",
    tag: "API keys",
    summary: "List API keys",
    description: "Admins see every key of the team; others see the keys they created. Revoked and expired keys stay listed, with their `status`, newest first.",
    permission: "apiKeys.write",
    response: z.object({ data: z.array(ApiKeySchema) }),
  }),
  create: defineOperation({
    operationId: "createApiKey",
    method: "POST",
    path: "/api-keys",
    tag: "API keys",
    summary: "Create an API key",
    description: "The key is returned once, in this response. It carries at most its creator's permissions.",
    permission: "apiKeys.write",
    body: CreateApiKeySchema,
    response: CreatedApiKeySchema,
    successStatus: 201,
    errors: [400, 403],
  }),
  revoke: defineOperation({
    operationId: "revokeApiKey",
    method: "DELETE",
    path: "/api-keys/{keyId}",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "Admins revoke any key of the team; others their own. A revoked key stops working at once.",
    permission: "apiKeys.write",
    params: ApiKeyParamsSchema,
    response: SuccessSchema,
    errors: [404],
  }),
};
