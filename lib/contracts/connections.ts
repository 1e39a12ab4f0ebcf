import { z } from "zod";
import { defineOperation, SuccessSchema, TimestampSchema, UuidSchema } from "./common";

/** AI agents a user connected over OAuth (the MCP server), one per grant, each tied to one team. */
export const ConnectionSchema = z
  .object({
    id: UuidSchema,
    clientId: z.string().describe("The agent's OAuth client id (a URL for agents that publish a client ID metadata document)"),
    clientName: z.string(),
    team: z.object({ id: UuidSchema, name: z.string() }),
    scope: z.string(),
    createdAt: TimestampSchema.describe("When the user approved the connection"),
    lastUsedAt: TimestampSchema.nullable(),
  })
  .meta({ id: "Connection" });
export type Connection = z.infer<typeof ConnectionSchema>;

export const ConnectionParamsSchema = z.object({ connectionId: UuidSchema });

export const connectionOperations = {
  list: defineOperation({
    operationId: "listConnections",
    method: "GET",
    path: "/me/connections",
    tag: "Account",
    summary: "My connected agents",
    description: "The AI agents the calling user connected to this team over OAuth (the MCP server) and has not revoked.",
    permission: "authenticated",
    response: z.object({ data: z.array(ConnectionSchema) }),
  }),
  revoke: defineOperation({
    operationId: "revokeConnection",
    method: "DELETE",
    path: "/me/connections/{connectionId}",
    tag: "Account",
    summary: "Revoke a connected agent",
    description: "Its tokens stop working on the agent's next call.",
    permission: "authenticated",
    params: ConnectionParamsSchema,
    response: SuccessSchema,
    errors: [404],
  }),
};
