import "server-only";
import { cookies } from "next/headers";
import { getRuntime } from "@/lib/runtime";
import { listUserTeams } from "@/lib/services/teams";
import { auth } from "./config";
import { mintConsoleToken } from "@/lib/secrets/console-token";

export const TEAM_COOKIE = "quarry-team";

export type ConsoleUser = { id: string; email: string; name: string };

export async function currentUser(): Promise<ConsoleUser | null> {
  const session = await auth();
  const user = session?.user;
  if (!user?.id) return null;
  return { id: user.id, email: user.email ?? "", name: user.name ?? "" };
}

/** The signed-in user and the key of their console session (set by the session callback in ./config). */
async function currentSession(): Promise<{ user: ConsoleUser; sessionKey: string } | null> {
  const session = await auth();
  const user = session?.user;
  const sessionKey = (session as { sessionKey?: unknown } | null)?.sessionKey;
  if (!user?.id || typeof sessionKey !== "string") return null;
  return { user: { id: user.id, email: user.email ?? "", name: user.name ?? "" }, sessionKey };
}

/** The team the console works in: the one picked in the team switcher if the user still belongs to it, else their first. */
export async function currentTeamId(userId: string): Promise<string | null> {
  const runtime = await getRuntime();
  const teams = await listUserTeams(runtime.db, userId);
  const chosen = (await cookies()).get(TEAM_COOKIE)?.value;
  return teams.find((team) => team.id === chosen)?.id ?? teams[0]?.id ?? null;
}

/** A short-lived token to call the REST API as the signed-in user (`userId`) in their current team. */
export async function consoleToken(): Promise<{ token: string; expiresAt: Date; userId: string } | null> {
  const session = await currentSession();
  if (!session) return null;
  const teamId = await currentTeamId(session.user.id);
  if (!teamId) return null;
  return { ...(await mintConsoleToken({ userId: session.user.id, teamId, sessionKey: session.sessionKey })), userId: session.user.id };
}
