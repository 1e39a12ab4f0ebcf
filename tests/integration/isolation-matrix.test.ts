import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, freshKey, seedTeam, type ApiResponse } from "../support/http";
import { keyPool } from "../support/key-pool";
import { openApiRoutes, type OpenApiRoute } from "../support/openapi-routes";
import { fillPath, SAMPLE_QUERIES, sampleBody, withQuery, type SampleEnv } from "../support/sample-requests";
import { buildTeamWorld, uploadPdf, worldIds, type TeamWorld } from "../support/team-world";
import { quarry } from "../support/http";
import { startWebhookReceiver } from "../support/webhook-receiver";

/**
 * The tenant-isolation matrix. Team A (Acme) owns one of every resource; team B (Globex) sends every route of
 * `GET /api/v1/openapi.json` at them: with A's ids in the path (404 with the spec's error body), with A's ids in
 * bodies and list filters (rejected, or nothing of A's), and on the routes without a team-owned path parameter
 * (B's answer holds none of A's ids). After every probe A re-reads, with its own key, the resources the route
 * could touch, and they must be exactly as before. A route in openapi.json without a row in MATRIX fails the
 * coverage test, so a new route cannot ship unexamined.
 */

/** A's resources as A reads them, compared before and after each probe. */
type View = "parser" | "fields" | "folders" | "document" | "documents" | "stages" | "webhooks" | "deliveries" | "classifier" | "classifierDocument" | "apiKey" | "members" | "preferences" | "audit";

type Outcome =
  /** 404 with the spec's not-found body. */
  | { kind: "notFound" }
  /** A 4xx with the spec's error body (a reference to A's id in a body is invalid input, or not found). */
  | { kind: "rejected"; statuses: number[] }
  /** 2xx; the answer names `contains` (B's own ids, so the list is not trivially empty). */
  | { kind: "ok"; contains?: (b: TeamWorld) => string[] }
  /** 404, or 2xx with an empty list: a filter naming A's resource finds nothing. */
  | { kind: "emptyOrNotFound" }
  /** 2xx, checked by hand. */
  | { kind: "custom"; check: (response: ApiResponse<unknown>) => void };

type Probe = {
  label: string;
  /** Whose ids fill the path; default A's when the route has path parameters, B's otherwise. */
  path?: (a: TeamWorld, b: TeamWorld) => TeamWorld;
  query?: (a: TeamWorld, b: TeamWorld) => Record<string, string>;
  /** Default: the route's sample body, addressed at the path's world, with B's own ids in settings. */
  body?: (a: TeamWorld, b: TeamWorld, env: SampleEnv) => unknown;
  /** Multipart routes: form fields besides the PDF. */
  form?: (a: TeamWorld, b: TeamWorld) => Record<string, string>;
  outcome: Outcome;
  /** A's views the route could change. Every write also checks A's audit log. */
  watch: View[];
};

const notFound: Outcome = { kind: "notFound" };
/** B's request at A's ids in the path. */
const atA = (watch: View[] = [], extra: Partial<Probe> = {}): Probe => ({ label: "A's ids in the path", outcome: notFound, watch, ...extra });
/** B's own parser (or classifier) in the path, A's resource below it. */
const mixed = (label: string, own: (keyof TeamWorld)[], watch: View[] = [], extra: Partial<Probe> = {}): Probe => ({
  label,
  path: (a, b) => ({ ...a, ...Object.fromEntries(own.map((key) => [key, b[key]])) }),
  outcome: notFound,
  watch,
  ...extra,
});
const onB = (label: string, outcome: Outcome, extra: Partial<Probe> = {}): Probe => ({ label, path: (_a, b) => b, outcome, watch: [], ...extra });
const listed = (contains: (b: TeamWorld) => string[]): Outcome => ({ kind: "ok", contains });

/**
 * Every route of openapi.json, keyed "METHOD /path". Routes without a team-owned path parameter say what is
 * asserted instead: B's answer holds none of A's ids (checked for every probe) and B's own ids where it lists.
 */
const MATRIX: Record<string, Probe[]> = {
  "GET /me": [onB("B's own identity", listed((b) => [b.teamId, b.adminId]))],
  "GET /api-keys": [onB("B's keys only", listed((b) => [b.apiKeyId]))],
  "POST /api-keys": [onB("a key of B's", { kind: "ok" }, { watch: ["apiKey"] })],
  "DELETE /api-keys/{keyId}": [atA(["apiKey"])],
  "GET /members": [onB("B's members only", listed((b) => [b.adminId, b.memberId]))],
  "POST /members": [onB("a new member of B's", { kind: "ok" }, { watch: ["members"] })],
  "PATCH /members/{userId}": [atA(["members"]), atA(["members"], { label: "A's admin", path: (a) => ({ ...a, memberId: a.adminId }), body: () => ({ role: "reviewer" }) })],
  "DELETE /members/{userId}": [atA(["members"]), atA(["members"], { label: "A's admin", path: (a) => ({ ...a, memberId: a.adminId }) })],

  "GET /parsers": [onB("B's parsers only, archived too", listed((b) => [b.parserId]))],
  "POST /parsers": [onB("a parser of B's", { kind: "ok" })],
  "GET /parsers/{parserId}": [atA(), atA([], { label: "A's routing parser", path: (a) => ({ ...a, parserId: a.routingParserId }) }), atA([], { label: "A's classifier as a parser", path: (a) => ({ ...a, parserId: a.classifierId }) })],
  "PATCH /parsers/{parserId}": [atA(["parser"], { body: () => ({ name: "Stolen", isActive: false }) })],
  "DELETE /parsers/{parserId}": [atA(["parser", "documents"]), atA([], { label: "A's classifier as a parser", path: (a) => ({ ...a, parserId: a.classifierId }), watch: ["classifier"] })],
  "POST /parsers/{parserId}/duplicate": [atA(["parser"])],

  "GET /parsers/{parserId}/fields": [atA()],
  "POST /parsers/{parserId}/fields": [atA(["fields"])],
  "PATCH /parsers/{parserId}/fields/{fieldId}": [atA(["fields"]), mixed("B's parser, A's field", ["parserId"], ["fields"])],
  "DELETE /parsers/{parserId}/fields/{fieldId}": [atA(["fields"]), mixed("B's parser, A's field", ["parserId"], ["fields"]), mixed("B's parser, A's column", ["parserId"], ["fields"], { path: (a, b) => ({ ...a, parserId: b.parserId, fieldId: a.columnId }) })],
  "POST /parsers/{parserId}/fields/reorder": [
    atA(["fields"]),
    onB("B's parser, A's field ids", { kind: "rejected", statuses: [400, 404] }, { body: (a, b) => ({ fieldIds: [b.fieldId, a.fieldId] }), watch: ["fields"] }),
  ],

  "GET /parsers/{parserId}/folders": [atA()],
  "POST /parsers/{parserId}/folders": [atA(["folders"]), onB("B's parser, A's folder as parent", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ name: "Child", parentId: a.folderId }), watch: ["folders"] })],
  "PATCH /parsers/{parserId}/folders/{folderId}": [
    atA(["folders"]),
    mixed("B's parser, A's folder", ["parserId"], ["folders"]),
    onB("B's folder moved under A's folder", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ parentId: a.folderId }), watch: ["folders"] }),
  ],
  "DELETE /parsers/{parserId}/folders/{folderId}": [atA(["folders", "document", "documents"]), mixed("B's parser, A's folder", ["parserId"], ["folders", "document", "documents"])],

  "GET /audit-log": [onB("B's audit log only", listed((b) => [b.parserId]))],

  "POST /process/{parserId}/files": [
    atA(["documents", "folders"]),
    onB("B's parser, A's folder", { kind: "rejected", statuses: [400, 404] }, { form: (a) => ({ folderId: a.folderId }), watch: ["folders"] }),
  ],
  "POST /process/{parserId}/urls": [
    atA(["documents"]),
    onB("B's parser, A's folder", { kind: "rejected", statuses: [400, 404] }, { body: (a, _b, env) => ({ urls: [env.fixtureUrl], folderId: a.folderId }), watch: ["folders"] }),
  ],
  "GET /process/{parserId}/files/data": [
    atA(),
    atA([], { label: "A's external id", query: (a) => ({ externalId: a.externalId }) }),
    mixed("B's parser, A's document", ["parserId"]),
    mixed("B's parser, A's external id", ["parserId"], [], { query: (a) => ({ externalId: a.externalId }) }),
  ],
  "PATCH /process/{parserId}/files/data": [atA(["document"]), mixed("B's parser, A's document", ["parserId"], ["document"]), mixed("B's parser, A's external id", ["parserId"], ["document"], { body: (a) => ({ externalId: a.externalId, data: { invoiceNumber: "stolen" } }) })],
  "POST /process/{parserId}/reprocess": [atA(["document"]), mixed("B's parser, A's document", ["parserId"], ["document"]), mixed("B's parser, A's external id", ["parserId"], ["document"], { body: (a) => ({ externalId: a.externalId }) })],
  "POST /parsers/{parserId}/documents/{documentId}/reprocess": [atA(["document"]), mixed("B's parser, A's document", ["parserId"], ["document"])],

  "GET /parsers/{parserId}/documents": [
    atA(),
    onB("B's parser filtered by A's folder", { kind: "emptyOrNotFound" }, { query: (a) => ({ folderId: a.folderId }) }),
    onB("B's parser filtered by A's assignee", { kind: "emptyOrNotFound" }, { query: (a) => ({ assigneeId: a.adminId }) }),
    onB("B's parser filtered by A's stage", { kind: "emptyOrNotFound" }, { query: (a) => ({ reviewStageId: a.stageId }) }),
    onB("B's parser filtered by A's external id", { kind: "emptyOrNotFound" }, { query: (a) => ({ externalId: a.externalId }) }),
  ],
  "POST /parsers/{parserId}/documents/search": [
    atA(),
    onB("B's parser searched by A's folder", { kind: "emptyOrNotFound" }, { body: (a) => ({ folderId: a.folderId }) }),
    onB("B's parser searched by A's assignee", { kind: "emptyOrNotFound" }, { body: (a) => ({ assigneeId: a.adminId }) }),
    onB("B's parser searched by A's stage", { kind: "emptyOrNotFound" }, { body: (a) => ({ reviewStageId: a.stageId }) }),
    onB("B's parser searched by A's marker", { kind: "emptyOrNotFound" }, { body: (a) => ({ q: a.marker }) }),
  ],
  "GET /parsers/{parserId}/documents/{documentId}": [atA(), mixed("B's parser, A's document", ["parserId"])],
  "GET /parsers/{parserId}/documents/{documentId}/markdown": [atA(), mixed("B's parser, A's document", ["parserId"])],
  "PATCH /parsers/{parserId}/documents/{documentId}": [
    atA(["document"], { body: (_a, b) => ({ name: "stolen.pdf", folderId: b.folderId }) }),
    mixed("B's parser, A's document", ["parserId"], ["document"]),
    onB("B's document moved into A's folder", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ folderId: a.folderId }), watch: ["folders"] }),
  ],
  "DELETE /parsers/{parserId}/documents/{documentId}": [atA(["document", "documents"]), mixed("B's parser, A's document", ["parserId"], ["document", "documents"])],
  "POST /parsers/{parserId}/documents/delete": [
    atA(["document", "documents"]),
    onB(
      "B's parser, A's document and external ids",
      {
        kind: "custom",
        check: (response) => expect(response.body, "nothing of A's is deleted").toMatchObject({ success: true, deleted: 0, ids: [] }),
      },
      { body: (a) => ({ documentIds: [a.documentId], externalIds: [a.externalId] }), watch: ["document", "documents"] },
    ),
  ],
  "POST /parsers/{parserId}/export": [
    atA(),
    onB("B's parser, A's document ids", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ format: "json", documentIds: [a.documentId] }) }),
    onB("B's parser, A's folder", { kind: "emptyOrNotFound" }, { body: (a) => ({ format: "json", folderId: a.folderId }) }),
    onB("B's parser, A's assignee", { kind: "emptyOrNotFound" }, { body: (a) => ({ format: "json", assigneeId: a.adminId }) }),
    onB("B's parser, A's stage", { kind: "emptyOrNotFound" }, { body: (a) => ({ format: "json", reviewStageId: a.stageId }) }),
  ],

  "GET /parsers/{parserId}/review-stages": [atA()],
  "POST /parsers/{parserId}/review-stages": [
    atA(["stages"]),
    onB("B's parser, A's member as reviewer", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ name: "Borrowed", reviewerId: a.memberId }) }),
  ],
  "GET /parsers/{parserId}/review-stages/{stageId}": [atA(), mixed("B's parser, A's stage", ["parserId"])],
  "PATCH /parsers/{parserId}/review-stages/{stageId}": [
    atA(["stages"], { body: () => ({ name: "Stolen", position: 1, reviewerId: null }) }),
    mixed("B's parser, A's stage", ["parserId"], ["stages"]),
    onB("B's stage given A's member as reviewer", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ reviewerId: a.adminId }) }),
  ],
  "DELETE /parsers/{parserId}/review-stages/{stageId}": [atA(["stages", "document"]), mixed("B's parser, A's stage", ["parserId"], ["stages", "document"])],
  "GET /parsers/{parserId}/reviewers": [atA()],
  "POST /parsers/{parserId}/documents/{documentId}/review/approve": [
    atA(["document"]),
    atA(["document"], { label: "naming A's assignee", body: (a) => ({ reviewerId: a.adminId }), query: (a) => ({ stageId: a.stageId }) }),
    mixed("B's parser, A's document", ["parserId"], ["document"]),
  ],
  "POST /parsers/{parserId}/documents/{documentId}/review/reject": [
    atA(["document"]),
    atA(["document"], { label: "naming A's assignee", body: (a) => ({ reviewerId: a.adminId }) }),
    mixed("B's parser, A's document", ["parserId"], ["document"]),
  ],
  "POST /parsers/{parserId}/documents/{documentId}/review/reset": [atA(["document"]), mixed("B's parser, A's document", ["parserId"], ["document"])],
  "POST /parsers/{parserId}/documents/{documentId}/review/assign": [
    atA(["document"]),
    atA(["document"], { label: "to A's own reviewer", body: (a) => ({ reviewerId: a.memberId }) }),
    mixed("B's parser, A's document", ["parserId"], ["document"]),
    onB("B's document assigned to A's reviewer", { kind: "rejected", statuses: [400, 403, 404] }, { body: (a) => ({ reviewerId: a.memberId }) }),
  ],
  "GET /review-queue": [
    onB("B's queue, any assignee", listed((b) => [b.documentId])),
    onB("filtered by A's parser", { kind: "emptyOrNotFound" }, { query: (a) => ({ assignee: "any", parserId: a.parserId }) }),
    onB("filtered by A's stage", { kind: "emptyOrNotFound" }, { query: (a) => ({ assignee: "any", stageId: a.stageId }) }),
    onB("filtered by A's assignee", { kind: "emptyOrNotFound" }, { query: (a) => ({ assignee: a.adminId }) }),
  ],
  "GET /me/preferences": [onB("B's own preferences", { kind: "ok" })],
  "PATCH /me/preferences": [onB("B's own preferences", { kind: "ok" }, { watch: ["preferences"] })],
  "GET /usage": [onB("B's usage only", { kind: "ok" }), onB("filtered by A's parser", { kind: "emptyOrNotFound" }, { query: (a) => ({ parserId: a.parserId }) })],
  "GET /dashboard": [onB("B's dashboard", { kind: "ok" })],

  "GET /classifiers": [onB("B's classifiers only", listed((b) => [b.classifierId]))],
  "POST /classifiers": [
    onB("a classifier of B's", { kind: "ok" }),
    onB("routing to A's parser", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ name: "Thief", routing: { rules: [{ label: "Invoice", targetParserId: a.parserId }] } }), watch: ["parser", "documents"] }),
    onB(
      "falling back to A's parser",
      { kind: "rejected", statuses: [400, 404] },
      { body: (a, b) => ({ name: "Thief", routing: { rules: [{ label: "Invoice", targetParserId: b.parserId }], fallback: { action: "route", targetParserId: a.parserId } } }) },
    ),
  ],
  "GET /classifiers/{classifierId}": [atA(), atA([], { label: "A's parser as a classifier", path: (a) => ({ ...a, classifierId: a.parserId }) })],
  "PATCH /classifiers/{classifierId}": [
    atA(["classifier"], { body: (_a, b) => ({ name: "Stolen", routing: { rules: [{ label: "Invoice", targetParserId: b.parserId }] } }) }),
    onB("B's classifier routing to A's parser", { kind: "rejected", statuses: [400, 404] }, { body: (a) => ({ routing: { rules: [{ label: "Invoice", targetParserId: a.routingParserId }] } }) }),
    onB(
      "B's classifier keeping A's rule id",
      { kind: "ok", contains: (b) => [b.classifierId] },
      { body: (a, b) => ({ routing: { rules: [{ id: a.ruleId, label: "Invoice", targetParserId: b.parserId }] } }), watch: ["classifier"] },
    ),
  ],
  "GET /classifiers/{classifierId}/documents": [atA(), atA([], { label: "with a status filter", query: () => ({ status: "routed" }) })],
  "GET /classifiers/{classifierId}/documents/{documentId}": [atA(), mixed("B's classifier, A's document", ["classifierId"])],
  "POST /classifiers/{classifierId}/documents/{documentId}/reprocess": [atA(["classifierDocument", "classifier"]), mixed("B's classifier, A's document", ["classifierId"], ["classifierDocument"])],
  "POST /classify/{classifierId}/files": [atA(["classifier"])],
  "POST /classify/{classifierId}/urls": [atA(["classifier"])],

  "GET /parsers/{parserId}/webhooks": [atA()],
  "POST /parsers/{parserId}/webhooks": [atA(["webhooks"])],
  "GET /parsers/{parserId}/webhooks/{webhookId}": [atA(), mixed("B's parser, A's webhook", ["parserId"])],
  "PATCH /parsers/{parserId}/webhooks/{webhookId}": [atA(["webhooks"], { body: (_a, _b, env) => ({ url: `${env.webhookUrl}/stolen`, isActive: false }) }), mixed("B's parser, A's webhook", ["parserId"], ["webhooks"])],
  "DELETE /parsers/{parserId}/webhooks/{webhookId}": [atA(["webhooks", "deliveries"]), mixed("B's parser, A's webhook", ["parserId"], ["webhooks", "deliveries"])],
  "POST /parsers/{parserId}/webhooks/{webhookId}/test": [atA(["deliveries"]), mixed("B's parser, A's webhook", ["parserId"], ["deliveries"])],
  "GET /parsers/{parserId}/webhooks/{webhookId}/deliveries": [atA(), mixed("B's parser, A's webhook", ["parserId"])],
  "POST /parsers/{parserId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": [
    atA(["deliveries"]),
    mixed("B's parser and webhook, A's delivery", ["parserId", "webhookId"], ["deliveries"]),
    mixed("B's parser, A's webhook and delivery", ["parserId"], ["deliveries"]),
  ],
};

/**
 * Extension point for the MCP server (DESIGN §1.6), not built yet. When it lands: list the tools with B's OAuth
 * token (tools/list), key this table by tool name, call each tool with A's ids (the same TeamWorld) and expect a
 * not-found tool error, then compare A's views with `expectUnchanged` exactly as the REST probes do. Make the
 * coverage test below fail for a tool missing from the table, as it does for REST routes.
 */
type McpToolProbe = { label: string; arguments: (a: TeamWorld, b: TeamWorld) => Record<string, unknown>; watch: View[] };
const MCP_TOOL_MATRIX: Record<string, McpToolProbe[]> = {};

// ---------------------------------------------------------------------------------------------------------------

let A: TeamWorld;
let B: TeamWorld;
let routes: OpenApiRoute[] = [];
let env: SampleEnv;
let baseline: Record<View, unknown>;
/** Webhook deliveries received once both worlds were built: none may arrive during the matrix. */
let deliveriesAtBaseline = 0;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const minters: { acme?: string; globex?: string } = {};
const aKeys = keyPool(() => minters.acme!);
const bKeys = keyPool(() => minters.globex!);

/** Signed, expiring file links and last-use times move on their own; the resource has not changed. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "lastUsedAt" || key === "waitingSeconds") continue;
      if (typeof inner === "string" && inner.includes("/api/files/")) continue;
      out[key] = stable(inner);
    }
    return out;
  }
  return value;
}

const VIEWS: Record<View, (a: TeamWorld) => { path: string; pick?: (body: Record<string, unknown>) => unknown }> = {
  parser: (a) => ({ path: `/api/v1/parsers/${a.parserId}?includeArchived=true` }),
  fields: (a) => ({ path: `/api/v1/parsers/${a.parserId}/fields` }),
  folders: (a) => ({ path: `/api/v1/parsers/${a.parserId}/folders` }),
  document: (a) => ({ path: `/api/v1/parsers/${a.parserId}/documents/${a.documentId}` }),
  documents: (a) => ({ path: `/api/v1/parsers/${a.parserId}/documents?limit=100` }),
  stages: (a) => ({ path: `/api/v1/parsers/${a.parserId}/review-stages` }),
  webhooks: (a) => ({ path: `/api/v1/parsers/${a.parserId}/webhooks` }),
  deliveries: (a) => ({ path: `/api/v1/parsers/${a.parserId}/webhooks/${a.webhookId}/deliveries` }),
  classifier: (a) => ({ path: `/api/v1/classifiers/${a.classifierId}` }),
  classifierDocument: (a) => ({ path: `/api/v1/classifiers/${a.classifierId}/documents/${a.classifierDocumentId}` }),
  apiKey: (a) => ({ path: "/api/v1/api-keys", pick: (body) => (body.data as { id: string }[]).find((key) => key.id === a.apiKeyId) ?? null }),
  members: () => ({ path: "/api/v1/members" }),
  preferences: () => ({ path: "/api/v1/me/preferences" }),
  // A's own key renewals are audited as apiKey.*; anything else new at the top of A's log would be B's doing. Only
  // the newest entries count: A's renewals push older ones off the page.
  audit: () => ({
    path: "/api/v1/audit-log?limit=100",
    pick: (body) => (body.data as { id: string; action: string }[]).filter((entry) => !entry.action.startsWith("apiKey.")).slice(0, 20).map((entry) => entry.id),
  }),
};

async function readView(view: View): Promise<unknown> {
  const { path, pick } = VIEWS[view](A);
  const response = await call<Record<string, unknown>>(path, { key: await aKeys.key() });
  if (response.status !== 200) return { unreadable: response.status, body: response.body };
  return stable(pick ? pick(response.body) : response.body);
}

async function expectUnchanged(views: View[], label: string) {
  for (const view of new Set(views)) expect(await readView(view), `${label}: A's ${view} changed`).toEqual(baseline[view]);
}

function expectErrorBody(response: ApiResponse<unknown>, label: string) {
  const body = response.body as { error?: unknown; message?: unknown };
  expect(body?.error, `${label}: error body ${JSON.stringify(response.body)}`).toBe(true);
  expect(typeof body.message === "string" && body.message.length > 0, `${label}: message`).toBe(true);
}

function listOf(body: unknown): unknown[] | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["data", "documents"]) if (Array.isArray(record[key])) return record[key] as unknown[];
  return null;
}

function probeUrl(route: OpenApiRoute, probe: Probe): { url: string; pathWorld: TeamWorld } {
  const pathWorld = probe.path ? probe.path(A, B) : route.pathParams.length ? A : B;
  const query = probe.query?.(A, B) ?? SAMPLE_QUERIES[route.key]?.(pathWorld);
  return { url: withQuery(fillPath(route.path, pathWorld), query), pathWorld };
}

async function send(route: OpenApiRoute, probe: Probe): Promise<{ response: ApiResponse<unknown>; sent: string }> {
  const { url, pathWorld } = probeUrl(route, probe);
  const key = await bKeys.key();
  if (route.multipart) {
    const form = probe.form?.(A, B) ?? {};
    const response = await uploadPdf(url, key, form);
    return { response: { ...response, headers: new Headers() }, sent: JSON.stringify([url, form]) };
  }
  const body = route.jsonBody ? (probe.body ? probe.body(A, B, env) : sampleBody(route.key, pathWorld, B, env)) : undefined;
  const response = await call<unknown>(url, { method: route.method, key, body });
  return { response, sent: JSON.stringify([url, body]) };
}

async function runProbe(route: OpenApiRoute, probe: Probe) {
  const label = `${route.key} (${probe.label})`;
  const { response, sent } = await send(route, probe);
  const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);

  // Nothing of A's in B's answer: not the marker in A's names, not an id B did not send itself.
  if (!sent.includes(A.marker)) expect(text, `${label} shows A's names`).not.toContain(A.marker);
  for (const id of worldIds(A)) if (!sent.includes(id)) expect(text, `${label} leaks A's id ${id}`).not.toContain(id);

  const outcome = probe.outcome;
  if (outcome.kind === "notFound") {
    expect(response.status, `${label}: ${text}`).toBe(404);
    expectErrorBody(response, label);
    for (const ref of (response.body as { notFound?: { value: string }[] }).notFound ?? []) expect(sent, `${label}: notFound names what was sent`).toContain(ref.value);
    // The control: the same read by A finds the resource, so B's 404 is the team boundary and not a bad request.
    if (route.method === "GET" && !probe.path) {
      const own = await call(probeUrl(route, probe).url, { key: await aKeys.key() });
      expect(own.status, `${label}: A's own read`).toBe(200);
    }
  } else if (outcome.kind === "rejected") {
    expect(outcome.statuses, `${label}: ${response.status} ${text}`).toContain(response.status);
    expectErrorBody(response, label);
  } else if (outcome.kind === "emptyOrNotFound") {
    if (response.status === 404) expectErrorBody(response, label);
    else {
      expect(response.status, `${label}: ${text}`).toBe(200);
      expect(listOf(response.body), `${label}: B sees nothing`).toEqual([]);
    }
  } else {
    expect(response.status, `${label}: ${text}`).toBeGreaterThanOrEqual(200);
    expect(response.status, `${label}: ${text}`).toBeLessThan(300);
    if (outcome.kind === "ok") for (const id of outcome.contains?.(B) ?? []) expect(text, `${label} lists B's own ${id}`).toContain(id);
    else outcome.check(response);
  }

  await expectUnchanged([...probe.watch, ...(route.method === "GET" ? [] : (["audit"] as View[]))], label);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  minters.acme = (await freshKey(seedTeam("Acme").apiKey)).key;
  minters.globex = (await freshKey(seedTeam("Globex").apiKey)).key;
  env = { webhookUrl: receiver.url, fixtureUrl: `${quarry().fixtureBaseUrl}/invoice.pdf` };
  routes = (await openApiRoutes()).routes;
  [A, B] = await Promise.all([buildTeamWorld(aKeys, receiver.url), buildTeamWorld(bKeys, receiver.url)]);
  baseline = Object.fromEntries(await Promise.all((Object.keys(VIEWS) as View[]).map(async (view) => [view, await readView(view)] as const))) as Record<View, unknown>;
  for (const [view, value] of Object.entries(baseline)) expect(value, `A can read its ${view}`).not.toHaveProperty("unreadable");
  deliveriesAtBaseline = receiver.received();
}, 240_000);

afterAll(async () => {
  await receiver?.close();
});

describe("isolation matrix: coverage", () => {
  it("has an expectation for every route of openapi.json, and none for a route that is gone", () => {
    const keys = routes.map((route) => route.key);
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key) => !MATRIX[key]), "routes in openapi.json without a row in MATRIX").toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key)), "rows in MATRIX for routes openapi.json no longer has").toEqual([]);
  });

  it("probes every route with a team-owned path parameter at A's ids", () => {
    const unprobed = routes.filter((route) => route.pathParams.length > 0 && !MATRIX[route.key]?.some((probe) => !probe.path && probe.outcome.kind === "notFound"));
    expect(unprobed.map((route) => route.key)).toEqual([]);
  });

  it.todo(`MCP tools: every tool of tools/list has a row in MCP_TOOL_MATRIX (${Object.keys(MCP_TOOL_MATRIX).length} so far)`);
});

describe("isolation matrix: team B at team A's resources", () => {
  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const route = routes.find((candidate) => candidate.key === key);
    if (!route) return; // reported by the coverage test
    for (const probe of MATRIX[key]!) await runProbe(route, probe);
  });

  it("leaves every one of A's resources as it was, and sent no webhook of A's", async () => {
    await expectUnchanged(Object.keys(VIEWS) as View[], "after the whole matrix");
    // A's key that B tried to revoke still works.
    expect((await call("/api/v1/me", { key: A.apiKey })).status).toBe(200);
    expect(receiver.received(), "no webhook was delivered while B tried A's test and redeliver routes").toBe(deliveriesAtBaseline);
  });
});
