import { textPdf } from "./fixture-files";
import { baseUrl, call, freshKey, invite, inviteAndJoin, quarry, unique } from "./http";
import type { KeyPool } from "./key-pool";
import { seededAgent } from "./mcp-seeded-agent";

/**
 * One of every resource a team owns, built over the API with the team's own key: parsers, fields, folders, a
 * document in review in a folder, a review stage, a webhook with a delivery, a classifier with a routed (or
 * skipped) document, an API key, a member, a pending invitation and an MCP agent the admin connected (its connection). The isolation matrix points another team at these ids; the
 * validation fuzz uses them so its requests get past the 404s. Every name carries `marker`, so a leak of any of
 * them shows up in a plain text search of a response.
 */
export type TeamWorld = {
  marker: string;
  teamId: string;
  adminId: string;
  memberId: string;
  /** A pending invitation of the team's (to someone new, never answered). */
  invitationId: string;
  parserId: string;
  routingParserId: string;
  fieldId: string;
  fieldName: string;
  columnId: string;
  folderId: string;
  stageId: string;
  documentId: string;
  externalId: string;
  webhookId: string;
  deliveryId: string;
  classifierId: string;
  ruleId: string;
  classifierDocumentId: string;
  apiKeyId: string;
  apiKey: string;
  connectionId: string;
};

export const INVOICE_LINES = ["ACME Supplies Ltd", "Invoice Number: INV-ISO-1", "Invoice Date: 2024-03-15", "Total: 99.50 EUR"];

const FIELDS = [
  { name: "invoiceNumber", type: "text", description: "Invoice number" },
  { name: "total", type: "currency", description: "Total amount due" },
  { name: "items", type: "table", description: "Line items", columns: [{ name: "sku", type: "text" }] },
];

type Created = { id: string };

async function created<T = Created>(path: string, keys: KeyPool, body: unknown, status = 201): Promise<T> {
  const response = await call<T>(path, { key: await keys.key(), body });
  if (response.status !== status) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function waitFor<T>(label: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${label}: still ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

/** A multipart upload of a one-page invoice PDF, with optional extra form fields. */
export async function uploadPdf(path: string, key: string, fields: Record<string, string> = {}, fileName = `${unique("invoice").replace(/\W+/g, "-")}.pdf`) {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(await textPdf(INVOICE_LINES))], { type: "application/pdf" }), fileName);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${baseUrl()}${path}`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

/**
 * Builds the world with keys of the team's admin with every permission (a pool: the polls below send many). `webhookUrl` must answer 2xx, so
 * the delivery ends `succeeded` and stays still while other teams poke at it.
 */
export async function buildTeamWorld(keys: KeyPool, webhookUrl: string): Promise<TeamWorld> {
  const marker = `ISO${Math.random().toString(36).slice(2, 10)}`;
  const me = (await call<{ user: { id: string }; team: { id: string; name: string } }>("/api/v1/me", { key: await keys.key() })).body;
  if (me.team.name !== "Acme" && me.team.name !== "Globex") throw new Error(`a world is built with a seeded team's key, not ${me.team.name}'s`);

  const parser = await created<Created>("/api/v1/parsers", keys, { name: `${marker} Invoices`, fields: FIELDS });
  const parserPath = `/api/v1/parsers/${parser.id}`;
  const markdown = await call(parserPath, { key: await keys.key(), method: "PATCH", body: { markdownParsing: { enabled: true } } });
  if (markdown.status !== 200) throw new Error(`markdown: ${JSON.stringify(markdown.body)}`);
  const fields = (await call<{ data: { id: string; name: string; columns?: { id: string }[] }[] }>(`${parserPath}/fields`, { key: await keys.key() })).body.data;
  const field = fields.find((candidate) => candidate.name === "invoiceNumber")!;
  const column = fields.find((candidate) => candidate.name === "items")!.columns![0]!;
  const folder = await created<Created>(`${parserPath}/folders`, keys, { name: `${marker} Inbox` });

  const email = `${marker.toLowerCase()}.${unique("reviewer").replace(/\W+/g, ".")}@example.test`.toLowerCase();
  const member = await inviteAndJoin(await keys.key(), { name: `${marker} Reviewer`, email, role: "reviewer" });
  const invited = await invite(await keys.key(), { name: `${marker} Invitee`, email: `${marker.toLowerCase()}.pending.${Date.now()}@example.test`, role: "member" });
  const stage = await created<Created>(`${parserPath}/review-stages`, keys, { name: `${marker} Check`, reviewerId: me.user.id });

  const externalId = `${marker}-ext-1`;
  const uploaded = await uploadPdf(`/api/v1/process/${parser.id}/files`, await keys.key(), { folderId: folder.id, externalIds: JSON.stringify([externalId]) });
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const documentId = (uploaded.body as { result: { documentId: string }[] }).result[0]!.documentId;

  const routingParser = await created<Created>("/api/v1/parsers", keys, { name: `${marker} Routed`, fields: [{ name: "total", type: "currency" }] });
  const classifier = await created<Created & { settings: { routing: { rules: { id: string }[] } } }>("/api/v1/classifiers", keys, {
    name: `${marker} Mailroom`,
    routing: { rules: [{ label: "Invoice", targetParserId: routingParser.id }], fallback: { action: "skip" } },
  });
  const classified = await created<{ result: { id: string }[] }>(`/api/v1/classify/${classifier.id}/urls`, keys, { urls: [`${quarry().fixtureBaseUrl}/invoice.pdf`] }, 200);
  const classifierDocumentId = classified.result[0]!.id;

  const webhook = await created<Created>(`${parserPath}/webhooks`, keys, { url: webhookUrl, events: ["document.approved"], description: `${marker} ERP` });
  const delivery = await created<Created & { status: string }>(`${parserPath}/webhooks/${webhook.id}/test`, keys, {}, 200);
  if (delivery.status !== "succeeded") throw new Error(`the test delivery did not succeed: ${JSON.stringify(delivery)}`);
  const apiKey = await freshKey(await keys.key());
  // The connection stays live after the agent hangs up: only a revocation ends it.
  const agent = await seededAgent(me.team.name, await keys.key());
  await agent.client.close();

  // Nothing may move while another team pokes at the world: wait until every pipeline has come to rest.
  await waitFor(
    "document in review",
    async () => (await call<{ status: string }>(`${parserPath}/documents/${documentId}`, { key: await keys.key() })).body.status,
    (status) => status === "in_review",
  );
  const classifierDocument = await waitFor(
    "classifier document",
    async () => (await call<{ status: string; routedDocumentId: string | null }>(`/api/v1/classifiers/${classifier.id}/documents/${classifierDocumentId}`, { key: await keys.key() })).body,
    (document) => ["routed", "skipped", "failed"].includes(document.status),
  );
  if (classifierDocument.routedDocumentId) {
    await waitFor(
      "routed document",
      async () => (await call<{ status: string }>(`/api/v1/parsers/${routingParser.id}/documents/${classifierDocument.routedDocumentId}`, { key: await keys.key() })).body.status,
      (status) => !["uploading", "queued", "processing"].includes(status),
    );
  }

  return {
    marker,
    teamId: me.team.id,
    adminId: me.user.id,
    memberId: member.userId,
    invitationId: invited.invitation.id,
    parserId: parser.id,
    routingParserId: routingParser.id,
    fieldId: field.id,
    fieldName: field.name,
    columnId: column.id,
    folderId: folder.id,
    stageId: stage.id,
    documentId,
    externalId,
    webhookId: webhook.id,
    deliveryId: delivery.id,
    classifierId: classifier.id,
    ruleId: classifier.settings.routing.rules[0]!.id,
    classifierDocumentId,
    apiKeyId: apiKey.id,
    apiKey: apiKey.key,
    connectionId: agent.connectionId,
  };
}

/** Every id of the world: none of them may appear in another team's answers. */
export function worldIds(world: TeamWorld): string[] {
  const { marker: _marker, fieldName: _fieldName, externalId: _externalId, apiKey: _apiKey, ...ids } = world;
  return Object.values(ids);
}
