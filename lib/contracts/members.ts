import { z } from "zod";
import { ROLES } from "@/lib/contracts/enums";
import { defineOperation, displayNameSchema, SuccessSchema, TimestampSchema, UuidSchema } from "./common";

export const RoleSchema = z.enum(ROLES);

export const MemberSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    joinedAt: TimestampSchema,
  })
  .meta({ id: "Member" });
export type Member = z.infer<typeof MemberSchema>;

export const EmailSchema = z
  .email({ message: "Enter a valid e-mail address" })
  .max(320)
  .transform((email) => email.toLowerCase());

export const AddMemberSchema = z.strictObject({
  name: displayNameSchema(200),
  email: EmailSchema,
  role: RoleSchema,
});
export type AddMember = z.infer<typeof AddMemberSchema>;

export const AddedMemberSchema = z.object({
  member: MemberSchema,
  initialPassword: z
    .string()
    .nullable()
    .describe("For a person new to Quarry: their first password, shown once. Null when they already have an account."),
});

export const UpdateMemberSchema = z.strictObject({ role: RoleSchema });
export const MemberParamsSchema = z.object({ userId: UuidSchema });

export const memberOperations = {
  list: defineOperation({
    operationId: "listMembers",
    method: "GET",
    path: "/members",
    tag: "Members",
    summary: "List the team's members",
    permission: "authenticated",
    response: z.object({ data: z.array(MemberSchema) }),
  }),
  add: defineOperation({
    operationId: "addMember",
    method: "POST",
    path: "/members",
    tag: "Members",
    summary: "Add a member",
    description: "Adds an existing account to the team, or creates one with an initial password shown once.",
    permission: "members.manage",
    body: AddMemberSchema,
    response: AddedMemberSchema,
    successStatus: 201,
    errors: [400, 403, 409],
  }),
  update: defineOperation({
    operationId: "updateMember",
    method: "PATCH",
    path: "/members/{userId}",
    tag: "Members",
    summary: "Change a member's role",
    description: "The last admin cannot be demoted (409).",
    permission: "members.manage",
    params: MemberParamsSchema,
    body: UpdateMemberSchema,
    response: MemberSchema,
    errors: [400, 403, 404, 409],
  }),
  remove: defineOperation({
    operationId: "removeMember",
    method: "DELETE",
    path: "/members/{userId}",
    tag: "Members",
    summary: "Remove a member",
    description:
      "Their review assignments are handed back (documents become unassigned in their stage) and their API keys are revoked. The last admin cannot be removed (409).",
    permission: "members.manage",
    params: MemberParamsSchema,
    response: SuccessSchema.extend({ unassignedDocuments: z.int(), revokedKeys: z.int() }),
    errors: [403, 404, 409],
  }),
};
