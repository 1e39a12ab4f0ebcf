import { z } from "zod";
import { RoleSchema } from "./members";
import { defineOperation, UuidSchema } from "./common";

export const MeSchema = z
  .object({
    user: z.object({
      id: UuidSchema,
      name: z.string(),
      email: z.string(),
      mustChangePassword: z.boolean().describe("An admin set this person's password: they choose their own (POST /me/password) before using the console"),
      emailProven: z
        .boolean()
        .describe("A code sent to this address came back (POST /me/email-proof): only then does the account see and accept invitations addressed to it"),
    }),
    team: z.object({ id: UuidSchema, name: z.string(), region: z.enum(["us", "eu"]) }),
    role: RoleSchema.nullable().describe("The role of the key's creator or of the signed-in user in this team"),
    permissions: z.array(z.string()),
    teams: z.array(z.object({ id: UuidSchema, name: z.string(), region: z.enum(["us", "eu"]), role: RoleSchema })),
    via: z.enum(["apiKey", "console"]),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof MeSchema>;

export const sessionOperations = {
  me: defineOperation({
    operationId: "getMe",
    method: "GET",
    path: "/me",
    tag: "Account",
    summary: "Who is calling",
    description: "The caller's user, team, role, effective permissions and the teams the user belongs to.",
    permission: "authenticated",
    response: MeSchema,
  }),
};
