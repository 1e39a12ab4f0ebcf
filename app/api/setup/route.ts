import { connection } from "next/server";
import { SetupSchema } from "@/lib/contracts/setup";
import { env } from "@/lib/env";
import { zodValidationError } from "@/lib/services/errors";
import { errorResponse, toAppError } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/read-body";
import { getRuntime } from "@/lib/runtime";
import { completeSetup, isSetupComplete } from "@/lib/services/teams";

/** First-run setup, before anyone can sign in; it answers 409 for good once a team exists. No auth. */
export async function GET(): Promise<Response> {
  await connection();
  const runtime = await getRuntime();
  return Response.json({ setupRequired: !(await isSetupComplete(runtime.db)) });
}

export async function POST(request: Request): Promise<Response> {
  try {
    const parsed = SetupSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw zodValidationError("request body", parsed.error);
    const runtime = await getRuntime();
    const { team, user } = await completeSetup(runtime.db, { region: env().REGION, input: parsed.data });
    return Response.json({ team: { id: team.id, name: team.name, region: team.region }, user }, { status: 201 });
  } catch (error) {
    return errorResponse(toAppError(error, (message, detail) => console.error(`[setup] ${message}`, detail)));
  }
}
