import { z } from "zod";
import { defineOperation, SuccessSchema, TimestampSchema, UuidSchema } from "./common";
import { InvitationParamsSchema, RoleSchema } from "./members";
import { PasswordSchema } from "./setup";

/** An invitation as the invited person sees it: which team, which role, who asked. */
export const MyInvitationSchema = z
  .object({
    id: UuidSchema,
    team: z.object({ id: UuidSchema, name: z.string() }),
    role: RoleSchema,
    invitedBy: z.string().nullable().describe("The inviting admin's name, if their account still exists."),
    invitedAt: TimestampSchema,
    expiresAt: TimestampSchema,
  })
  .meta({ id: "MyInvitation" });
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

export const AcceptedInvitationSchema = z.object({ team: z.object({ id: UuidSchema, name: z.string() }), role: RoleSchema });

/** The invitations of the signed-in person. Accepting and declining need a console session, never an API key. */
export const myInvitationOperations = {
  list: defineOperation({
    operationId: "listMyInvitations",
    method: "GET",
    path: "/me/invitations",
    tag: "Account",
    summary: "List invitations to other teams waiting for you",
    permission: "authenticated",
    response: z.object({ data: z.array(MyInvitationSchema) }),
  }),
  accept: defineOperation({
    operationId: "acceptInvitation",
    method: "POST",
    path: "/me/invitations/{invitationId}/accept",
    tag: "Account",
    summary: "Accept an invitation and join its team",
    description: "Console sessions only (403 for API keys and agents): joining a team is the person's own decision. Another person's invitation: 404.",
    permission: "authenticated",
    params: InvitationParamsSchema,
    response: AcceptedInvitationSchema,
    errors: [403, 404, 409],
  }),
  decline: defineOperation({
    operationId: "declineInvitation",
    method: "POST",
    path: "/me/invitations/{invitationId}/decline",
    tag: "Account",
    summary: "Decline an invitation",
    description: "Console sessions only, like accepting.",
    permission: "authenticated",
    params: InvitationParamsSchema,
    response: SuccessSchema,
    errors: [403, 404],
  }),
};

/** The public invitation page (`/join/{token}`): what the link is for, and a new person's account. Not under /api/v1. */
export const JoinPreviewSchema = z.object({ team: z.object({ name: z.string() }), email: z.string(), role: RoleSchema, expiresAt: TimestampSchema });
export type JoinPreview = z.infer<typeof JoinPreviewSchema>;

export const JoinSchema = z.strictObject({
  name: z.string().trim().min(1, "Your name is required").max(200),
  password: PasswordSchema,
});
export type Join = z.infer<typeof JoinSchema>;
