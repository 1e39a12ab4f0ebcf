import { z } from "zod";
import { defineOperation, SuccessSchema, TimestampSchema } from "./common";
import { PasswordSchema } from "./setup";

/** The signed-in person's own account: today, changing their password. */
export const ChangePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, "Enter your current password").max(200),
    newPassword: PasswordSchema,
  })
  .refine((value) => value.currentPassword !== value.newPassword, { path: ["newPassword"], message: "Choose a password different from the current one" });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const EmailProofSentSchema = z.object({ sentTo: z.string(), expiresAt: TimestampSchema });

/** The code from the e-mail; spaces and dashes a person may type between its digits are dropped. */
export const ConfirmEmailProofSchema = z.strictObject({
  code: z
    .string()
    .max(40)
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{8}$/, "The code is the 8 digits from the e-mail")),
});
export type ConfirmEmailProof = z.infer<typeof ConfirmEmailProofSchema>;

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
  requestEmailProof: defineOperation({
    operationId: "requestEmailProof",
    method: "POST",
    path: "/me/email-proof",
    tag: "Account",
    summary: "Send a code to my address",
    description:
      "Console sessions only (403 for API keys and agents). Sends an 8-digit code by e-mail; typing it back (POST /me/email-proof/confirm) proves the address, and only then does the account see invitations addressed to it. 409 when the address is already proven or the server sends no e-mail; 429 within a minute of the last code.",
    permission: "authenticated",
    response: EmailProofSentSchema,
    errors: [403, 409, 429],
  }),
  confirmEmailProof: defineOperation({
    operationId: "confirmEmailProof",
    method: "POST",
    path: "/me/email-proof/confirm",
    tag: "Account",
    summary: "Confirm my address with the code",
    description: "Console sessions only. A wrong code is a 400 on `code`; five wrong codes spend it.",
    permission: "authenticated",
    body: ConfirmEmailProofSchema,
    response: z.object({ emailProven: z.literal(true) }),
    errors: [400, 403],
  }),
};
