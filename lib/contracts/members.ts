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

/**
 * Adding someone is always an invitation, whether or not the e-mail already has an account: the answer must not
 * tell an admin of one team anything about a person of another (their name, id, or that they exist), and nobody
 * becomes a member without saying yes.
 */
export const InvitationSchema = z
  .object({
    id: UuidSchema,
    name: z.string().describe("The name the admin gave; an existing account keeps its own."),
    email: z.string(),
    role: RoleSchema,
    invitedAt: TimestampSchema,
    expiresAt: TimestampSchema,
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof InvitationSchema>;

export const AddedMemberSchema = z.object({
  invitation: InvitationSchema,
  acceptUrl: z
    .string()
    .describe(
      "A link to give the person through a safe channel, shown only now. Someone new chooses their password there and joins; someone with an account signs in and accepts under Invitations. Adding the same e-mail again replaces the link.",
    ),
});
export type AddedMember = z.infer<typeof AddedMemberSchema>;

export const InvitationParamsSchema = z.object({ invitationId: UuidSchema });

export const UpdateMemberSchema = z.strictObject({ role: RoleSchema });

/** An admin's reset of a member's password: a temporary one, shown once, which the member replaces at sign-in. */
export const TemporaryPasswordSchema = z
  .object({
    temporaryPassword: z.string().describe("Shown only in this answer (stored hashed). Give it to the person through a safe channel; they choose their own at their next sign-in"),
    endedSessions: z.int().describe("The member's console sessions that were signed out"),
    endedConnections: z.int().describe("The member's agent (MCP) connections that were revoked, with their access and refresh tokens"),
  })
  .meta({ id: "TemporaryPassword" });
export type TemporaryPassword = z.infer<typeof TemporaryPasswordSchema>;
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
    summary: "Invite a member",
    description:
      "Invites a person by e-mail. Nobody joins without accepting: someone new chooses a password through `acceptUrl`, someone with an account accepts in the console. The answer is the same whether or not the e-mail has an account. Already a member: 409.",
    permission: "members.manage",
    body: AddMemberSchema,
    response: AddedMemberSchema,
    successStatus: 201,
    errors: [400, 403, 409],
  }),
  listInvitations: defineOperation({
    operationId: "listInvitations",
    method: "GET",
    path: "/invitations",
    tag: "Members",
    summary: "List the team's pending invitations",
    permission: "members.manage",
    response: z.object({ data: z.array(InvitationSchema) }),
  }),
  cancelInvitation: defineOperation({
    operationId: "cancelInvitation",
    method: "DELETE",
    path: "/invitations/{invitationId}",
    tag: "Members",
    summary: "Cancel a pending invitation",
    description: "Its link stops working at once.",
    permission: "members.manage",
    params: InvitationParamsSchema,
    response: SuccessSchema,
    errors: [403, 404],
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
  resetPassword: defineOperation({
    operationId: "resetMemberPassword",
    method: "POST",
    path: "/members/{userId}/password",
    tag: "Members",
    summary: "Reset a member's password",
    description:
      "Sets a temporary password (in the answer only, stored hashed), signs the member out everywhere, and makes them choose their own password at their next sign-in before anything else. In the console only (403 for API keys). Your own password: 409 (change it under Settings › Account). A member who also belongs to, or is invited by, a team you do not administer: 409 (only they can change it). The member's agent connections are revoked and their address must be confirmed again before they see invitations.",
    permission: "members.manage",
    params: MemberParamsSchema,
    response: TemporaryPasswordSchema,
    errors: [403, 404, 409],
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
