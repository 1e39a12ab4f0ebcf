import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getRuntime } from "@/lib/runtime";
import { recordConnection } from "@/lib/services/oauth";
import { getMembership, listUserTeams } from "@/lib/services/teams";
import { notFound } from "@/lib/services/errors";
import { cookieKey } from "./keys";
import { knownResourceUrl, MCP_SCOPE } from "./provider";
import { authorizationServer } from "./server";

/**
 * The consent step of an authorization: the signed-in user sees which agent asks for what, picks the one team
 * it may work in, and allows or denies. The interaction is bound to the browser that started it by
 * oidc-provider's signed `_interaction` cookie; checking it here means a consent link sent to someone else
 * cannot be approved on the sender's behalf.
 */
export const INTERACTION_COOKIE = "_interaction";

export type ConsentCookies = { get: (name: string) => { value: string } | undefined };

export type ConsentRequest = {
  uid: string;
  clientId: string;
  clientName: string;
  redirectHost: string;
  resource: string;
  teams: { id: string; name: string; role: string }[];
};

function keygripSignature(data: string): string {
  return createHmac("sha1", cookieKey()).update(data).digest("base64").replace(/\/|\+|=/g, (c) => ({ "/": "_", "+": "-", "=": "" })[c] ?? "");
}

/** True when this browser started interaction `uid` (the cookie oidc-provider set, with a valid signature). */
export function interactionBelongsToBrowser(uid: string, cookies: ConsentCookies): boolean {
  const value = cookies.get(INTERACTION_COOKIE)?.value;
  const signature = cookies.get(`${INTERACTION_COOKIE}.sig`)?.value;
  if (!value || !signature || value !== uid) return false;
  const expected = Buffer.from(keygripSignature(`${INTERACTION_COOKIE}=${value}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function findInteraction(uid: string) {
  const { provider } = await authorizationServer();
  const interaction = await provider.Interaction.find(uid);
  return interaction ? { provider, interaction } : null;
}

export async function loadConsentRequest(uid: string, userId: string, cookies: ConsentCookies): Promise<ConsentRequest | null> {
  if (!interactionBelongsToBrowser(uid, cookies)) return null;
  const found = await findInteraction(uid);
  if (!found) return null;
  const { provider, interaction } = found;
  const clientId = String(interaction.params.client_id ?? "");
  const client = await provider.Client.find(clientId).catch(() => undefined);
  const redirectUri = String(interaction.params.redirect_uri ?? "");
  const { db } = await getRuntime();
  const teams = await listUserTeams(db, userId);
  return {
    uid,
    clientId,
    clientName: client?.clientName ?? clientId,
    redirectHost: URL.canParse(redirectUri) ? new URL(redirectUri).host : redirectUri,
    resource: knownResourceUrl(interaction.params.resource, interaction.returnTo),
    teams: teams.map((team) => ({ id: team.id, name: team.name, role: team.role })),
  };
}

/** Records the user's approval for the team and returns where the browser continues (back to the provider). */
export async function approveConsent(uid: string, userId: string, teamId: string): Promise<string | null> {
  const found = await findInteraction(uid);
  if (!found) return null;
  const { db } = await getRuntime();
  if (!(await getMembership(db, { userId, teamId }))) throw notFound({ type: "team", value: teamId });
  const { provider, interaction } = found;
  const clientId = String(interaction.params.client_id ?? "");
  const client = await provider.Client.find(clientId).catch(() => undefined);

  const requested = new Set(String(interaction.params.scope ?? "").split(" ").filter(Boolean));
  const grant = new provider.Grant({ accountId: userId, clientId });
  const oidcScopes = ["openid", "offline_access", MCP_SCOPE].filter((scope) => requested.has(scope));
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(" "));
  // The resource the agent asked for (the address it discovered us at), when it is one this server protects.
  grant.addResourceScope(knownResourceUrl(interaction.params.resource, interaction.returnTo), MCP_SCOPE);
  const grantId = await grant.save();
  await recordConnection(db, { grantId, clientId, clientName: client?.clientName ?? clientId, userId, teamId, scope: MCP_SCOPE });

  interaction.result = { login: { accountId: userId }, consent: { grantId } };
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}

export async function denyConsent(uid: string): Promise<string | null> {
  const found = await findInteraction(uid);
  if (!found) return null;
  const { interaction } = found;
  interaction.result = { error: "access_denied", error_description: "The user denied access." };
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}
