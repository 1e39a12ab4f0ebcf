import { connection } from "next/server";
import { JoinSchema } from "@/lib/contracts/invitations";
import { zodValidationError } from "@/lib/services/errors";
import { errorResponse, toAppError } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/read-body";
import { getRuntime } from "@/lib/runtime";
import { joinWithNewAccount, previewInvitation } from "@/lib/services/invitations";

/**
 * The invitation link's API (no auth: the link's secret is the credential, and it only ever creates an account for
 * an e-mail that has none). Outside /api/v1, like setup, because it is not something a team's key calls.
 */
type Context = { params: Promise<{ token: string }> };
const log = (message: string, detail: unknown) => console.error(`[join] ${message}`, detail);

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  await connection();
  try {
    const runtime = await getRuntime();
    return Response.json(await previewInvitation(runtime.db, (await params).token), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(toAppError(error, log));
  }
}

/** Always the same answer for a valid link: whether an account was created is not the link holder's business. */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  try {
    const parsed = JoinSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw zodValidationError("request body", parsed.error);
    const runtime = await getRuntime();
    const { email } = await joinWithNewAccount(runtime.db, { token: (await params).token, input: parsed.data });
    return Response.json({ email, next: "sign-in" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(toAppError(error, log));
  }
}
