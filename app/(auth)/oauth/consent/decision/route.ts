import { cookies } from "next/headers";
import { currentUser } from "@/lib/auth/console-session";
import { AppError } from "@/lib/services/errors";
import { approveConsent, denyConsent, interactionBelongsToBrowser } from "@/lib/mcp/oauth/consent";
import { publicBaseUrlOf } from "@/lib/mcp/oauth/server";

/**
 * The consent form's target. A plain form post answered with a 303, so the browser follows the authorization
 * server's redirects all the way back to the agent. Cross-site posts fail the Origin check and carry neither the
 * SameSite session cookie nor the interaction cookie.
 */
export async function POST(request: Request): Promise<Response> {
  // The configured public address the browser is on (PUBLIC_BASE_URL or one of PUBLIC_BASE_URLS): the agent may
  // have discovered the server at either, and the authorization runs there.
  const base = publicBaseUrlOf(request);
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(base).origin) return new Response("Cross-site request refused.", { status: 403 });

  const form = await request.formData().catch(() => null);
  const uid = String(form?.get("uid") ?? "");
  const teamId = String(form?.get("teamId") ?? "");
  const decision = String(form?.get("decision") ?? "");
  const consentPage = `${base}/oauth/consent?uid=${encodeURIComponent(uid)}`;

  const user = await currentUser();
  if (!user) return Response.redirect(`${base}/sign-in?from=${encodeURIComponent(`/oauth/consent?uid=${encodeURIComponent(uid)}`)}`, 303);
  if (!uid || !interactionBelongsToBrowser(uid, await cookies())) return Response.redirect(consentPage, 303);

  try {
    const returnTo = decision === "allow" ? await approveConsent(uid, user.id, teamId) : await denyConsent(uid);
    return Response.redirect(returnTo ?? consentPage, 303);
  } catch (error) {
    // An admin set this person's password: the console asks for their own first, and no agent is connected before.
    if (error instanceof AppError && error.code === "FORBIDDEN") return Response.redirect(`${base}/`, 303);
    if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
    return Response.redirect(`${consentPage}&error=${encodeURIComponent("Pick one of your teams.")}`, 303);
  }
}
