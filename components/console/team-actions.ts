"use server";

import { cookies } from "next/headers";
import { TEAM_COOKIE } from "@/lib/auth/console-session";
import { secureCookies } from "@/lib/auth/cookies";
import { getMe } from "@/lib/console/me";

/** Switches the console to another of the user's teams; a team they do not belong to is ignored. */
export async function switchTeamAction(teamId: string): Promise<void> {
  const me = await getMe();
  if (!me.teams.some((team) => team.id === teamId)) return;
  (await cookies()).set(TEAM_COOKIE, teamId, { httpOnly: true, secure: secureCookies(), sameSite: "lax", path: "/", maxAge: 365 * 24 * 60 * 60 });
}
