import { baseUrl, call, seedMember, seedTeam } from "./http";
import { connectAgent, decide, openConsent, signedInJar, type TestAgentAuth } from "./mcp-oauth";
import type { Client } from "@modelcontextprotocol/client";

// Integration tests only (it reads the suite's seed through vitest's inject); e2e uses mcp-oauth.ts directly.
export type SeededAgent = { client: Client; auth: TestAgentAuth; connectionId: string };

/**
 * An agent connected by a seeded team's admin through the consent form, with the id of its connection as
 * `GET /api/v1/me/connections` shows it to `key` (a key of the same admin). Found by the agent's own client id,
 * so other agents the admin connects meanwhile do not matter.
 */
export async function seededAgent(team: "Acme" | "Globex", key: string): Promise<SeededAgent> {
  const admin = seedMember(team, "admin");
  const jar = await signedInJar(baseUrl(), admin.email, admin.password);
  const { client, auth } = await connectAgent(baseUrl(), async (url) => decide(jar, await openConsent(jar, url), { allow: true, teamId: seedTeam(team).id }));
  const connections = await call<{ data: { id: string; clientId: string }[] }>("/api/v1/me/connections", { key });
  const connection = connections.body.data?.find((candidate) => candidate.clientId === auth.information?.client_id);
  if (!connection) throw new Error(`the agent's connection is not listed: ${connections.status} ${JSON.stringify(connections.body)}`);
  return { client, auth, connectionId: connection.id };
}
