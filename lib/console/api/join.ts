import "server-only";
import type { Join, JoinPreview } from "@/lib/contracts/invitations";
import { env } from "@/lib/env";
import type { ErrorBody } from "@/lib/services/errors";
import { ApiError } from "./client";

/** The public invitation-link endpoints (/api/join/{token}), used by the /join page before anyone is signed in. */
const url = (token: string) => `http://127.0.0.1:${env().PORT}/api/join/${encodeURIComponent(token)}`;

/** Null when the link is unknown, used or expired. */
export async function fetchJoinPreview(token: string): Promise<JoinPreview | null> {
  const response = await fetch(url(token), { cache: "no-store" });
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, (await response.json()) as ErrorBody);
  return (await response.json()) as JoinPreview;
}

export async function postJoin(token: string, input: Join): Promise<{ email: string }> {
  const response = await fetch(url(token), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input), cache: "no-store" });
  if (!response.ok) throw new ApiError(response.status, (await response.json()) as ErrorBody);
  return (await response.json()) as { email: string };
}
