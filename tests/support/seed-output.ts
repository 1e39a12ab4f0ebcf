import { z } from "zod";

/** DESIGN §1.3: the seed's last stdout line. Parsing it here also checks its shape. */
export const SeedOutputSchema = z.strictObject({
  region: z.enum(["us", "eu"]),
  teams: z
    .array(
      z.strictObject({
        id: z.uuid(),
        name: z.string(),
        apiKey: z.string().regex(/^dx_(us|eu)_[A-Za-z0-9_-]{32,}$/),
        members: z.array(z.strictObject({ id: z.uuid(), email: z.string(), password: z.string().min(10), role: z.enum(["admin", "member", "reviewer"]) })).min(2),
      }),
    )
    .length(2),
});
export type SeedOutput = z.infer<typeof SeedOutputSchema>;

export function parseSeedOutput(stdout: string): SeedOutput {
  const lines = stdout.trim().split("\n");
  return SeedOutputSchema.parse(JSON.parse(lines[lines.length - 1]!));
}
