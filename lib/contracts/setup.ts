import { z } from "zod";
import { EmailSchema } from "./members";

export const PasswordSchema = z.string().min(10, "Use at least 10 characters").max(200);

/** First-run setup: the first team and its admin. */
export const SetupSchema = z.strictObject({
  teamName: z.string().trim().min(1, "Team name is required").max(100),
  name: z.string().trim().min(1, "Your name is required").max(200),
  email: EmailSchema,
  password: PasswordSchema,
});
export type Setup = z.infer<typeof SetupSchema>;

export const SignInSchema = z.strictObject({
  email: z.string().trim().min(1, "Enter your e-mail").max(320),
  password: z.string().min(1, "Enter your password").max(200),
});
export type SignIn = z.infer<typeof SignInSchema>;
