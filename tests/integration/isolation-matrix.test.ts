import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, consoleTokenFor, freshKey, seedMember, seedTeam, signIn, type ApiResponse } from "../support/http";
import { seededAgent } from "../support/mcp-seeded-agent";
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
 * coverage test, so a new route cannot ship unexamined. The MCP server gets the same treatment below: B's agent
 * calls every tool of `tools/list` and reads every resource template with A's ids.
 */

/** A's resources as A reads them, compared before and after each probe. */
type View =
  | "parser"
  | "fields"
  | "folders"
  | "document"
  | "documents"
  | "stages"
  | "webhooks"
  | "deliveries"
  | "classifier"
  | "classifierDocument"
  | "apiKey"
  | "members"
  | "invitations"
  | "preferences"
  | "connections"
  | "audit";

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
  // Another team's member is not found before anything else is said (B's key would be refused for its own members).
  "POST /members/{userId}/password": [atA(["members"]), atA(["members"], { label: "A's admin", path: (a) => ({ ...a, memberId: a.adminId }) })],
  "GET /invitations": [onB("B's invitations only", listed((b) => [b.invitationId]))],
  "DELETE /invitations/{invitationId}": [atA(["invitations"])],
  "GET /me/invitations": [onB("B's admin's own invitations", { kind: "ok" })],
  // Someone else's invitation (here A's, to a person of neither team's keys) is not found, for anyone.
  "POST /me/invitations/{invitationId}/accept": [atA(["invitations", "members"])],
  "POST /me/invitations/{invitationId}/decline": [atA(["invitations"])],

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
  "GET /parsers/{parserId}/documents/{documentId}/words": [atA(), mixed("B's parser, A's document", ["parserId"])],
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

  "GET /parsers/{parserId}/memory": [atA()],
  "GET /parsers/{parserId}/accuracy": [atA()],
  "POST /parsers/{parserId}/preview": [atA()],
  "GET /parsers/{parserId}/memory/export": [atA()],
  "POST /parsers/{parserId}/memory/import": [atA(["parser"])],
  "DELETE /parsers/{parserId}/memory/documents/{documentId}": [atA(["document"]), mixed("B's parser, A's document", ["parserId"], ["document"])],

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
  "POST /parsers/{parserId}/documents/{documentId}/review/undo": [atA(["document"]), mixed("B's parser, A's document", ["parserId"], ["document"])],
  "GET /parsers/{parserId}/review-checks": [atA()],
  "PATCH /parsers/{parserId}/review-checks": [atA(["parser"])],
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
  "POST /review-queue/decisions": [
    onB(
      "B's key deciding A's document",
      { kind: "custom", check: (response) => expect(response.body, "nothing of A's is decided").toMatchObject({ succeeded: 0, failed: 1, results: [{ ok: false, message: "Document not found" }] }) },
      { body: (a) => ({ action: "reject", reason: "taken over", documents: [{ documentId: a.documentId, stageId: a.stageId }] }), watch: ["document"] },
    ),
    onB(
      "B's document assigned to A's reviewer",
      { kind: "custom", check: (response) => expect(response.body, "A's member is no reviewer of B's").toMatchObject({ succeeded: 0, failed: 1 }) },
      { body: (a, b) => ({ action: "assign", reviewerId: a.memberId, documents: [{ documentId: b.documentId }] }) },
    ),
  ],
  "GET /me/preferences": [onB("B's own preferences", { kind: "ok" })],
  // A person's own password, for console sessions only: an API key is refused whatever the body.
  "POST /me/password": [onB("B's key", { kind: "rejected", statuses: [403] })],
  // Proving an address is the person's act in the console: a key is refused before anything else.
  "POST /me/email-proof": [onB("B's key", { kind: "rejected", statuses: [403] })],
  "POST /me/email-proof/confirm": [onB("B's key", { kind: "rejected", statuses: [403] })],
  "GET /me/connections": [onB("B's own connections only", listed((b) => [b.connectionId]))],
  "DELETE /me/connections/{connectionId}": [atA(["connections"])],
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
 * The MCP server (DESIGN §1.6): team B's agent, connected over OAuth by B's admin, calls every tool of
 * `tools/list` with A's ids. Keyed by tool name; a tool without a row fails the coverage test. Each probe's answer
 * holds nothing of A's that B did not send, and A's views are compared exactly as for the REST probes (every
 * tool that is not read-only also checks A's audit log).
 */
type McpOutcome =
  /** A tool error saying not found. */
  | { kind: "notFound" }
  /** A tool error (a reference to A's resource in the arguments is invalid input, or not found). */
  | { kind: "refused" }
  /** A tool error, or an answer whose list (documents, exported documents) is empty. */
  | { kind: "emptyOrNotFound" }
  /** Not an error; the answer names `contains` (B's own ids, so it is not trivially empty). */
  | { kind: "ok"; contains?: (b: TeamWorld) => string[] };

type McpToolProbe = {
  label: string;
  arguments: (a: TeamWorld, b: TeamWorld, env: SampleEnv) => Record<string, unknown>;
  outcome: McpOutcome;
  watch: View[];
  /** Addressed at A's resource itself (A's parser, classifier or document), not at B's with A's ids inside. */
  atA?: boolean;
  /** The same call by A's own agent succeeds: B's not-found is the team boundary, not a bad call. */
  control?: boolean;
};

/** A PDF's bytes as upload_document takes them: enough for the type check, never read (the probes are refused first). */
const SAMPLE_PDF_BASE64 = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n").toString("base64");
const notFoundTool: McpOutcome = { kind: "notFound" };
const refusedTool: McpOutcome = { kind: "refused" };
const emptyTool: McpOutcome = { kind: "emptyOrNotFound" };
const okTool = (contains?: (b: TeamWorld) => string[]): McpOutcome => ({ kind: "ok", contains });
/** B's agent with A's ids inside B's own request (B's parser, A's document). */
const toolProbe = (label: string, args: McpToolProbe["arguments"], outcome: McpOutcome, watch: View[] = []): McpToolProbe => ({ label, arguments: args, outcome, watch });
/** B's agent at A's resource (A's ids only); with `control`, A's agent makes the same call and finds it. */
const toolAtA = (args: McpToolProbe["arguments"], watch: View[] = [], extra: Partial<McpToolProbe> = {}): McpToolProbe => ({
  label: "A's ids",
  arguments: args,
  atA: true,
  outcome: notFoundTool,
  watch,
  ...extra,
});
const documentFilters = (tool: string, extra: Record<string, unknown> = {}): McpToolProbe[] => [
  toolProbe(`${tool}: B's parser filtered by A's folder`, (a, b) => ({ parserId: b.parserId, folderId: a.folderId, ...extra }), emptyTool),
  toolProbe(`${tool}: B's parser filtered by A's assignee`, (a, b) => ({ parserId: b.parserId, assigneeId: a.adminId, ...extra }), emptyTool),
  toolProbe(`${tool}: B's parser filtered by A's stage`, (a, b) => ({ parserId: b.parserId, reviewStageId: a.stageId, ...extra }), emptyTool),
  toolProbe(`${tool}: B's parser filtered by A's external id`, (a, b) => ({ parserId: b.parserId, externalId: a.externalId, ...extra }), emptyTool),
];
const decisions = (watch: View[]): McpToolProbe[] => [
  toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId }), watch),
  toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId, stageId: a.stageId }), watch, { label: "A's ids with A's current stage" }),
  toolProbe("B's parser, A's document", (a, b) => ({ parserId: b.parserId, documentId: a.documentId }), notFoundTool, watch),
];

const MCP_TOOL_MATRIX: Record<string, McpToolProbe[]> = {
  list_parsers: [toolProbe("B's parsers only, archived too", () => ({ includeArchived: true }), okTool((b) => [b.parserId, b.routingParserId]))],
  get_parser: [
    toolAtA((a) => ({ parserId: a.parserId, includeArchived: true }), [], { control: true }),
    toolAtA((a) => ({ parserId: a.classifierId, includeArchived: true }), [], { label: "A's classifier as a parser" }),
  ],
  create_parser: [toolProbe("a parser of B's", () => ({ name: "Agent parser", fields: [{ name: "total", type: "number" }] }), okTool())],
  update_parser: [toolAtA((a) => ({ parserId: a.parserId, name: "Stolen", isActive: false }), ["parser"])],

  list_fields: [toolAtA((a) => ({ parserId: a.parserId }), [], { control: true })],
  create_field: [toolAtA((a) => ({ parserId: a.parserId, field: { name: "stolen", type: "text" } }), ["fields"])],
  update_field: [
    toolAtA((a) => ({ parserId: a.parserId, fieldId: a.fieldId, description: "stolen" }), ["fields"]),
    toolAtA((a) => ({ parserId: a.parserId, fieldId: a.fieldName, description: "stolen" }), ["fields"], { label: "A's parser, A's field by name" }),
    toolProbe("B's parser, A's field", (a, b) => ({ parserId: b.parserId, fieldId: a.fieldId, description: "stolen" }), notFoundTool, ["fields"]),
    toolProbe(
      "B's table keeping A's column id",
      (a, b) => ({ parserId: b.parserId, fieldId: "items", columns: [{ id: a.columnId, name: "stolen", type: "text" }] }),
      refusedTool,
      ["fields"],
    ),
  ],
  delete_field: [
    toolAtA((a) => ({ parserId: a.parserId, fieldId: a.fieldId }), ["fields"]),
    toolProbe("B's parser, A's field", (a, b) => ({ parserId: b.parserId, fieldId: a.fieldId }), notFoundTool, ["fields"]),
    toolProbe("B's parser, A's column", (a, b) => ({ parserId: b.parserId, fieldId: a.columnId }), notFoundTool, ["fields"]),
  ],

  list_classifiers: [toolProbe("B's classifiers only", () => ({}), okTool((b) => [b.classifierId]))],
  get_classifier: [
    toolAtA((a) => ({ classifierId: a.classifierId }), [], { control: true }),
    toolAtA((a) => ({ classifierId: a.parserId }), [], { label: "A's parser as a classifier" }),
  ],
  create_classifier: [
    toolProbe("routing to A's parser", (a) => ({ name: "Thief", routing: { rules: [{ label: "Invoice", targetParserId: a.parserId }] } }), refusedTool, ["parser", "documents"]),
    toolProbe("falling back to A's parser", (a, b) => ({ name: "Thief", routing: { rules: [{ label: "Invoice", targetParserId: b.parserId }], fallback: { action: "route", targetParserId: a.routingParserId } } }), refusedTool),
    // The control: the same classifier routing to B's own parser is made, so the refusals above are the boundary.
    toolProbe("routing to B's own parser", (_a, b) => ({ name: "Own", routing: { rules: [{ label: "Invoice", targetParserId: b.parserId }] } }), okTool((b) => [b.parserId])),
  ],
  update_classifier: [
    toolAtA((a, b) => ({ classifierId: a.classifierId, name: "Stolen", routing: { rules: [{ label: "Invoice", targetParserId: b.parserId }] } }), ["classifier"]),
    toolProbe("B's classifier routing to A's parser", (a, b) => ({ classifierId: b.classifierId, routing: { rules: [{ label: "Invoice", targetParserId: a.routingParserId }] } }), refusedTool, ["classifier"]),
    toolProbe(
      "B's classifier falling back to A's parser",
      (a, b) => ({ classifierId: b.classifierId, routing: { rules: [{ label: "Invoice", targetParserId: b.parserId }], fallback: { action: "route", targetParserId: a.parserId } } }),
      refusedTool,
      ["classifier", "parser"],
    ),
    toolProbe("B's classifier keeping A's rule id", (a, b) => ({ classifierId: b.classifierId, routing: { rules: [{ id: a.ruleId, label: "Invoice", targetParserId: b.parserId }] } }), okTool((b) => [b.classifierId]), ["classifier"]),
  ],

  upload_document: [
    toolAtA((a) => ({ parserId: a.parserId, fileName: "stolen.pdf", contentBase64: SAMPLE_PDF_BASE64 }), ["documents", "parser"], { label: "to A's parser" }),
    toolAtA((a) => ({ classifierId: a.classifierId, fileName: "stolen.pdf", contentBase64: SAMPLE_PDF_BASE64 }), ["classifier"], { label: "to A's classifier" }),
    toolProbe("B's parser, A's folder", (a, b) => ({ parserId: b.parserId, fileName: "stolen.pdf", contentBase64: SAMPLE_PDF_BASE64, folderId: a.folderId }), refusedTool, ["folders"]),
  ],
  upload_document_by_url: [
    toolAtA((a, _b, env) => ({ parserId: a.parserId, urls: [env.fixtureUrl] }), ["documents", "parser"], { label: "to A's parser" }),
    toolAtA((a, _b, env) => ({ classifierId: a.classifierId, urls: [env.fixtureUrl] }), ["classifier"], { label: "to A's classifier" }),
    toolAtA((a, _b, env) => ({ parserId: a.parserId, urls: [env.fixtureUrl], folderId: a.folderId }), ["documents", "folders"], { label: "to A's parser and folder" }),
    toolProbe("B's parser, A's folder", (a, b, env) => ({ parserId: b.parserId, urls: [env.fixtureUrl], folderId: a.folderId }), refusedTool, ["folders"]),
  ],
  get_document_data: [
    toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId, waitSeconds: 0 }), [], { control: true }),
    toolAtA((a) => ({ parserId: a.parserId, externalId: a.externalId, waitSeconds: 0 }), [], { label: "A's external id", control: true }),
    toolProbe("B's parser, A's document", (a, b) => ({ parserId: b.parserId, documentId: a.documentId, waitSeconds: 0 }), notFoundTool),
    toolProbe("B's parser, A's external id", (a, b) => ({ parserId: b.parserId, externalId: a.externalId, waitSeconds: 0 }), notFoundTool),
  ],
  get_document: [
    toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId }), [], { control: true }),
    toolProbe("B's parser, A's document", (a, b) => ({ parserId: b.parserId, documentId: a.documentId }), notFoundTool),
  ],
  list_documents: [toolAtA((a) => ({ parserId: a.parserId }), [], { control: true }), ...documentFilters("list_documents")],
  search_documents: [
    toolAtA((a) => ({ parserId: a.parserId, q: a.marker }), [], { control: true }),
    ...documentFilters("search_documents"),
    toolProbe("B's parser searched for A's marker", (a, b) => ({ parserId: b.parserId, q: a.marker }), emptyTool),
  ],

  approve_document: decisions(["document"]),
  reject_document: decisions(["document"]),
  reset_document: [
    toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId }), ["document"]),
    toolProbe("B's parser, A's document", (a, b) => ({ parserId: b.parserId, documentId: a.documentId }), notFoundTool, ["document"]),
  ],
  assign_reviewer: [
    toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId }), ["document"]),
    toolAtA((a) => ({ parserId: a.parserId, documentId: a.documentId, reviewerId: a.memberId }), ["document"], { label: "A's document to A's own reviewer" }),
    toolProbe("B's parser, A's document", (a, b) => ({ parserId: b.parserId, documentId: a.documentId }), notFoundTool, ["document"]),
    toolProbe("B's document assigned to A's reviewer", (a, b) => ({ parserId: b.parserId, documentId: b.documentId, reviewerId: a.memberId }), refusedTool, ["document", "members"]),
    toolProbe("B's document assigned to A's admin", (a, b) => ({ parserId: b.parserId, documentId: b.documentId, reviewerId: a.adminId }), refusedTool, ["document", "members"]),
    // The control: B's own reviewer is accepted on the same document, so the refusals above are the boundary.
    toolProbe("B's document assigned to B's reviewer", (_a, b) => ({ parserId: b.parserId, documentId: b.documentId, reviewerId: b.memberId }), okTool((b) => [b.documentId, b.memberId])),
  ],

  export_documents: [
    toolAtA((a) => ({ parserId: a.parserId, format: "json" }), [], { control: true }),
    toolAtA((a) => ({ parserId: a.parserId, format: "csv" }), [], { label: "A's parser as a download link" }),
    toolAtA((a) => ({ parserId: a.parserId, format: "json", documentIds: [a.documentId] }), [], { label: "A's parser and document" }),
    toolProbe("B's parser, A's document ids", (a, b) => ({ parserId: b.parserId, format: "json", documentIds: [a.documentId] }), refusedTool),
    toolProbe("B's parser, A's document ids, as a link", (a, b) => ({ parserId: b.parserId, format: "csv", documentIds: [a.documentId] }), refusedTool),
    toolProbe("B's parser, A's folder", (a, b) => ({ parserId: b.parserId, format: "json", folderId: a.folderId }), emptyTool),
    toolProbe("B's parser, A's folder, as a link", (a, b) => ({ parserId: b.parserId, format: "csv", folderId: a.folderId }), refusedTool),
    toolProbe("B's parser, A's assignee", (a, b) => ({ parserId: b.parserId, format: "json", assigneeId: a.adminId }), emptyTool),
    toolProbe("B's parser, A's stage", (a, b) => ({ parserId: b.parserId, format: "json", reviewStageId: a.stageId }), emptyTool),
    toolProbe("B's parser, A's marker", (a, b) => ({ parserId: b.parserId, format: "json", q: a.marker }), emptyTool),
  ],

  list_folders: [toolAtA((a) => ({ parserId: a.parserId }), [], { control: true })],
  move_documents: [
    toolAtA((a) => ({ parserId: a.parserId, documentIds: [a.documentId], folderId: null }), ["document", "documents", "folders"], { label: "A's documents out of their folder" }),
    toolAtA((a, b) => ({ parserId: a.parserId, documentIds: [a.documentId], folderId: b.folderId }), ["document", "documents", "folders"], { label: "A's documents into B's folder" }),
    toolProbe("B's parser, A's documents into B's folder", (a, b) => ({ parserId: b.parserId, documentIds: [a.documentId], folderId: b.folderId }), notFoundTool, ["document", "documents", "folders"]),
    toolProbe("B's parser, A's and B's documents", (a, b) => ({ parserId: b.parserId, documentIds: [b.documentId, a.documentId], folderId: null }), notFoundTool, ["document", "documents"]),
    toolProbe("B's documents into A's folder", (a, b) => ({ parserId: b.parserId, documentIds: [b.documentId], folderId: a.folderId }), refusedTool, ["folders", "documents"]),
    // The control: B's document into B's own folder (where it already is) moves, so the refusals above are the boundary.
    toolProbe("B's documents into B's folder", (_a, b) => ({ parserId: b.parserId, documentIds: [b.documentId], folderId: b.folderId }), okTool((b) => [b.documentId, b.folderId])),
  ],
};

/** The resource templates, keyed by URI template: each read with A's ids is an error that carries nothing of A's. */
type McpResourceProbe = { label: string; uri: (a: TeamWorld) => string; control?: boolean };
const MCP_RESOURCE_MATRIX: Record<string, McpResourceProbe[]> = {
  "quarry://parsers/{parserId}/schema": [
    { label: "A's parser", uri: (a) => `quarry://parsers/${a.parserId}/schema`, control: true },
    { label: "A's classifier as a parser", uri: (a) => `quarry://parsers/${a.classifierId}/schema` },
  ],
  "quarry://documents/{documentId}/markdown": [
    { label: "A's document", uri: (a) => `quarry://documents/${a.documentId}/markdown`, control: true },
    { label: "A's classifier document", uri: (a) => `quarry://documents/${a.classifierDocumentId}/markdown` },
  ],
};

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
/** B's agent makes the probes; A's agent makes the controls. */
const agents: { a?: Client; b?: Client } = {};
/** tools/list as B's agent sees it: name → read-only (a tool that is not also checks A's audit log). */
let tools = new Map<string, { readOnly: boolean; properties: string[] }>();
let resourceTemplates: string[] = [];
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
  invitations: (a) => ({ path: "/api/v1/invitations", pick: (body) => (body.data as { id: string }[]).find((invitation) => invitation.id === a.invitationId) ?? null }),
  preferences: () => ({ path: "/api/v1/me/preferences" }),
  // The admin's other agents (the MCP tests connect and revoke some) are not A's world: only its own connection.
  connections: (a) => ({ path: "/api/v1/me/connections", pick: (body) => (body.data as { id: string }[]).find((connection) => connection.id === a.connectionId) ?? null }),
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

type ToolResult = { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

/** A tool call; an error the client throws (a protocol error) counts as a tool error with its message. */
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  try {
    return (await client.callTool({ name, arguments: args })) as ToolResult;
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }] };
  }
}

const toolText = (result: ToolResult) => (result.content ?? []).map((part) => part.text ?? "").join("\n");

/** The documents of a list, search or inline export answer. */
function toolList(result: ToolResult): unknown[] | null {
  const content = result.structuredContent;
  if (Array.isArray(content?.data)) return content.data;
  const exported = content?.export as { documents?: unknown } | undefined;
  return Array.isArray(exported?.documents) ? exported.documents : null;
}

/** Nothing of A's in B's answer that B did not send itself: not the marker in A's names, not an id. */
function expectNothingOfA(answer: string, sent: string, label: string) {
  if (!sent.includes(A.marker)) expect(answer, `${label} shows A's names`).not.toContain(A.marker);
  for (const id of worldIds(A)) if (!sent.includes(id)) expect(answer, `${label} leaks A's id ${id}`).not.toContain(id);
}

async function runToolProbe(name: string, probe: McpToolProbe) {
  const label = `${name} (${probe.label})`;
  const args = probe.arguments(A, B, env);
  const sent = JSON.stringify(args);
  const result = await callTool(agents.b!, name, args);
  const answer = JSON.stringify(result);
  expectNothingOfA(answer, sent, label);

  const outcome = probe.outcome;
  if (outcome.kind === "notFound") {
    expect(result.isError, `${label}: ${answer}`).toBe(true);
    expect(toolText(result), label).toMatch(/not found/i);
    if (probe.control) {
      const own = await callTool(agents.a!, name, args);
      expect(own.isError, `${label}: A's own call ${toolText(own)}`).toBeFalsy();
    }
  } else if (outcome.kind === "refused") {
    expect(result.isError, `${label}: ${answer}`).toBe(true);
    expect(toolText(result).length, `${label}: a message`).toBeGreaterThan(0);
  } else if (outcome.kind === "emptyOrNotFound") {
    if (result.isError) expect(toolText(result), label).toMatch(/not found/i);
    else expect(toolList(result), `${label}: B sees nothing: ${answer}`).toEqual([]);
  } else {
    expect(result.isError, `${label}: ${answer}`).toBeFalsy();
    for (const id of outcome.contains?.(B) ?? []) expect(answer, `${label} names B's own ${id}`).toContain(id);
  }

  await expectUnchanged([...probe.watch, ...(tools.get(name)?.readOnly ? [] : (["audit"] as View[]))], label);
}

async function runResourceProbe(template: string, probe: McpResourceProbe) {
  const label = `${template} (${probe.label})`;
  const uri = probe.uri(A);
  const read = await agents.b!.readResource({ uri }).then(
    (result) => ({ result, message: "" }),
    (error: unknown) => ({ result: null, message: error instanceof Error ? error.message : String(error) }),
  );
  expect(read.result, `${label}: B reads no data`).toBeNull();
  expect(read.message, label).toMatch(/not found/i);
  expectNothingOfA(read.message, uri, label);
  if (probe.control) {
    const own = await agents.a!.readResource({ uri });
    expect(own.contents.length, `${label}: A's own read`).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  minters.acme = (await freshKey(seedTeam("Acme").apiKey)).key;
  minters.globex = (await freshKey(seedTeam("Globex").apiKey)).key;
  env = { webhookUrl: receiver.url, fixtureUrl: `${quarry().fixtureBaseUrl}/invoice.pdf` };
  routes = (await openApiRoutes()).routes;
  [A, B] = await Promise.all([buildTeamWorld(aKeys, receiver.url), buildTeamWorld(bKeys, receiver.url)]);
  const [aAgent, bAgent] = await Promise.all([seededAgent("Acme", await aKeys.key()), seededAgent("Globex", await bKeys.key())]);
  agents.a = aAgent.client;
  agents.b = bAgent.client;
  tools = new Map((await bAgent.client.listTools()).tools.map((tool) => [tool.name, { readOnly: tool.annotations?.readOnlyHint === true, properties: Object.keys(tool.inputSchema.properties ?? {}) }]));
  resourceTemplates = (await bAgent.client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
  baseline = Object.fromEntries(await Promise.all((Object.keys(VIEWS) as View[]).map(async (view) => [view, await readView(view)] as const))) as Record<View, unknown>;
  for (const [view, value] of Object.entries(baseline)) expect(value, `A can read its ${view}`).not.toHaveProperty("unreadable");
  deliveriesAtBaseline = receiver.received();
}, 240_000);

afterAll(async () => {
  await Promise.all([agents.a?.close(), agents.b?.close()]);
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

  it("has a row for every MCP tool of tools/list and every resource template, and none for one that is gone", () => {
    const names = [...tools.keys()];
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !MCP_TOOL_MATRIX[name]), "tools in tools/list without a row in MCP_TOOL_MATRIX").toEqual([]);
    expect(Object.keys(MCP_TOOL_MATRIX).filter((name) => !tools.has(name)), "rows in MCP_TOOL_MATRIX for tools no longer listed").toEqual([]);
    expect(resourceTemplates.filter((template) => !MCP_RESOURCE_MATRIX[template]), "resource templates without a row").toEqual([]);
    expect(Object.keys(MCP_RESOURCE_MATRIX).filter((template) => !resourceTemplates.includes(template)), "rows for resource templates no longer listed").toEqual([]);
  });

  it("probes every MCP tool that takes a parser or classifier at A's ids", () => {
    const unprobed = [...tools].filter(([name, tool]) => tool.properties.some((property) => property === "parserId" || property === "classifierId") && !MCP_TOOL_MATRIX[name]?.some((probe) => probe.atA && probe.outcome.kind === "notFound"));
    expect(unprobed.map(([name]) => name)).toEqual([]);
  });
});

describe("isolation matrix: team B at team A's resources", () => {
  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const route = routes.find((candidate) => candidate.key === key);
    if (!route) return; // reported by the coverage test
    for (const probe of MATRIX[key]!) await runProbe(route, probe);
  });
});

describe("isolation matrix: the invitation routes from B's admin in the console", () => {
  // A key cannot answer invitations at all (403, above); a console session is what answers them, so probe with one.
  it("finds none of A's invitations, and answering one is a 404 that changes nothing", async () => {
    const admin = seedMember("Globex", "admin");
    const token = await consoleTokenFor((await signIn(admin.email, admin.password))!);
    const mine = await call<unknown>("/api/v1/me/invitations", { key: token });
    expect(mine.status).toBe(200);
    expectNothingOfA(JSON.stringify(mine.body), "/me/invitations", "B's admin's invitations");
    for (const verb of ["accept", "decline"]) {
      const label = `POST /me/invitations/{A's invitation}/${verb} from B's console`;
      const answered = await call<unknown>(`/api/v1/me/invitations/${A.invitationId}/${verb}`, { key: token, method: "POST" });
      expect(answered.status, label).toBe(404);
      expectErrorBody(answered, label);
      await expectUnchanged(["invitations", "members", "audit"], label);
    }
    // The public link route: a made-up or guessed token is a 404 whatever it is.
    for (const guess of [A.invitationId, "x".repeat(43)]) expect((await call(`/api/join/${guess}`)).status).toBe(404);
    expect((await call(`/api/join/${A.invitationId}`, { body: { name: "Mallory", password: "mallory-chose-this" } })).status).toBe(404);
  });
});

describe("isolation matrix: team B's MCP agent at team A's resources", () => {
  it.each(Object.keys(MCP_TOOL_MATRIX))("%s", async (name) => {
    if (!tools.has(name)) return; // reported by the coverage test
    for (const probe of MCP_TOOL_MATRIX[name]!) await runToolProbe(name, probe);
  });

  it.each(Object.keys(MCP_RESOURCE_MATRIX))("resource %s", async (template) => {
    for (const probe of MCP_RESOURCE_MATRIX[template]!) await runResourceProbe(template, probe);
  });

  it("lists none of A's resources (resources/list)", async () => {
    const listed = JSON.stringify(await agents.b!.listResources());
    expect(listed, "B's own parser schema is listed").toContain(`quarry://parsers/${B.parserId}/schema`);
    expect(listed).not.toContain(A.marker);
    for (const id of worldIds(A)) expect(listed, `resources/list leaks A's id ${id}`).not.toContain(id);
  });
});

describe("isolation matrix: afterwards", () => {
  it("leaves every one of A's resources as it was, and sent no webhook of A's", async () => {
    await expectUnchanged(Object.keys(VIEWS) as View[], "after the whole matrix");
    // A's key that B tried to revoke still works.
    expect((await call("/api/v1/me", { key: A.apiKey })).status).toBe(200);
    expect(receiver.received(), "no webhook was delivered while B tried A's test and redeliver routes").toBe(deliveriesAtBaseline);
  });
});
