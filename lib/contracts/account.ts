import { z } from "zod";
import { defineOperation, SuccessSchema } from "./common";
import { PasswordSchema } from "./setup";

/** The signed-in person's own account: today, changing their password. */
export const ChangePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, "Enter your current password").max(200),
    newPassword: PasswordSchema,
  })
  .refine((value) => value.currentPassword !== value.newPassword, { path: ["newPassword"], message: "Choose a password different from the current one" });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const accountOperations = {
  changePassword: defineOperation({
    operationId: "changeMyPassword",
    method: "POST",
    path: "/me/password",
    tag: "Account",
    summary: "Change my password",
    description: "For a signed-in person (console token), not for API keys (403). A wrong current password is a 400 on `currentPassword`.",
    permission: "authenticated",
    body: ChangePasswordSchema,
    response: SuccessSchema,
    errors: [400, 403],
  }),
};
