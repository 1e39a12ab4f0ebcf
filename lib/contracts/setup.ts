import { z } from "zod";
import { displayNameSchema } from "./common";
import { EmailSchema } from "./members";

export const PasswordSchema = z.string().min(10, "Use at least 10 characters").max(200);

/** First-run setup: the first team and its admin. */
export const SetupSchema = z.strictObject({
  teamName: displayNameSchema(100, "Team name is required"),
  name: displayNameSchema(200, "Your name is required"),
  email: EmailSchema,
  password: PasswordSchema,
});
export type Setup = z.infer<typeof SetupSchema>;

export const SignInSchema = z.strictObject({
  email: z.string().trim().min(1, "Enter your e-mail").max(320),
  password: z.string().min(1, "Enter your password").max(200),
});
export type SignIn = z.infer<typeof SignInSchema>;
