import type { TeamWorld } from "./team-world";

/**
 * A request that passes the contract of each /api/v1 route, keyed by "METHOD /path" as openapi.json names it.
 * `target` fills the path and names the addressed resource (a document by id in a body); `caller` supplies the
 * ids a caller would put in settings (a reviewer, a routing target). With target = caller it is an ordinary,
 * valid request of one team; with another team's world as target it is the isolation matrix's probe.
 */
export type SampleEnv = { webhookUrl: string; fixtureUrl: string };

type BodyBuilder = (target: TeamWorld, caller: TeamWorld, env: SampleEnv) => unknown;

const PATH_PARAMS: Record<string, (world: TeamWorld, path: string) => string> = {
  parserId: (world) => world.parserId,
  fieldId: (world) => world.fieldId,
  folderId: (world) => world.folderId,
  stageId: (world) => world.stageId,
  webhookId: (world) => world.webhookId,
  deliveryId: (world) => world.deliveryId,
  classifierId: (world) => world.classifierId,
  keyId: (world) => world.apiKeyId,
  userId: (world) => world.memberId,
  invitationId: (world) => world.invitationId,
  connectionId: (world) => world.connectionId,
  // A classifier's documents are classifier documents; everywhere else a documentId is a parser's document.
  documentId: (world, path) => (path.startsWith("/classifiers/") ? world.classifierDocumentId : world.documentId),
};

/** `/parsers/{parserId}/…` with the world's ids, under /api/v1. An unknown placeholder throws: teach it here. */
export function fillPath(path: string, world: TeamWorld): string {
  return `/api/v1${path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = PATH_PARAMS[name];
    if (!value) throw new Error(`no sample value for the path parameter {${name}} of ${path}: add it to PATH_PARAMS`);
    return value(world, path);
  })}`;
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

const decision: BodyBuilder = (_target, caller) => ({ reviewerId: caller.adminId });

export const SAMPLE_BODIES: Record<string, BodyBuilder> = {
  "POST /api-keys": () => ({ name: "sample key", permissions: ["parsers.read"] }),
  "POST /members": (_target, caller) => ({ name: "Sample Person", email: `sample.${caller.marker.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`, role: "reviewer" }),
  "PATCH /members/{userId}": () => ({ role: "member" }),
  "POST /parsers": () => ({ name: "Sample parser", description: "made by a test", acceptedFileTypes: ["application/pdf"], fields: [{ name: "total", type: "number" }] }),
  "PATCH /parsers/{parserId}": () => ({ name: "Renamed parser", description: "changed", confidenceScores: { enabled: true } }),
  "POST /parsers/{parserId}/duplicate": () => ({ name: "Duplicated parser" }),
  "POST /parsers/{parserId}/preview": () => ({ limit: 2 }),
  "POST /parsers/{parserId}/memory/import": () => ({ format: "quarry-parser-memory", version: 1, exportedAt: new Date().toISOString(), examples: [] }),
  "POST /parsers/{parserId}/fields": () => ({ name: `sampleField${Math.random().toString(36).slice(2, 8)}`, type: "text", description: "sample" }),
  "PATCH /parsers/{parserId}/fields/{fieldId}": () => ({ description: "changed", instructions: "look top right" }),
  "POST /parsers/{parserId}/fields/reorder": (target) => ({ fieldIds: [target.fieldId] }),
  "POST /parsers/{parserId}/folders": () => ({ name: `Sample folder ${Math.random().toString(36).slice(2, 8)}`, color: "#3b82f6" }),
  "PATCH /parsers/{parserId}/folders/{folderId}": () => ({ name: "Renamed folder", color: "#10b981" }),
  "POST /process/{parserId}/urls": (_target, _caller, env) => ({ urls: [env.fixtureUrl], externalIds: ["sample-url-1"] }),
  "PATCH /process/{parserId}/files/data": (target) => ({ documentId: target.documentId, data: { invoiceNumber: "SAMPLE-1" } }),
  "POST /process/{parserId}/reprocess": (target) => ({ documentId: target.documentId }),
  "POST /parsers/{parserId}/documents/search": () => ({ q: "invoice", status: "in_review", page: 1, limit: 10, fields: ["invoiceNumber"], snippets: true }),
  "PATCH /parsers/{parserId}/documents/{documentId}": () => ({ name: "renamed.pdf", custom: { batch: 1 } }),
  "POST /parsers/{parserId}/documents/delete": (target) => ({ documentIds: [target.documentId] }),
  "POST /parsers/{parserId}/export": () => ({ format: "json", includeSources: false }),
  "POST /parsers/{parserId}/review-stages": (_target, caller) => ({ name: "Sample stage", reviewerId: caller.adminId, reviewType: "mandatory" }),
  "PATCH /parsers/{parserId}/review-stages/{stageId}": () => ({ name: "Renamed stage", reviewerInstructions: "check the total" }),
  "POST /parsers/{parserId}/documents/{documentId}/review/approve": decision,
  "POST /parsers/{parserId}/documents/{documentId}/review/reject": decision,
  "POST /parsers/{parserId}/documents/{documentId}/review/reset": decision,
  "POST /parsers/{parserId}/documents/{documentId}/review/assign": decision,
  "POST /parsers/{parserId}/documents/{documentId}/review/undo": decision,
  "PATCH /parsers/{parserId}/review-checks": () => ({ rejectReasons: ["Wrong supplier", "Duplicate"] }),
  "POST /me/password": () => ({ currentPassword: "not-the-password", newPassword: "a-new-password-of-sample" }),
  "POST /me/email-proof/confirm": () => ({ code: "12345678" }),
  "PATCH /me/preferences": (target) => ({ reviewKeymap: null, listColumns: { [target.parserId]: ["invoiceNumber"] } }),
  "POST /review-queue/decisions": (target, caller) => ({ action: "assign", reviewerId: caller.adminId, documents: [{ documentId: target.documentId }] }),
  "POST /classifiers": (_target, caller) => ({ name: "Sample classifier", routing: { rules: [{ label: "Invoice", targetParserId: caller.parserId }], fallback: { action: "skip" } } }),
  "PATCH /classifiers/{classifierId}": () => ({ name: "Renamed classifier", description: "changed" }),
  "POST /classify/{classifierId}/urls": (_target, _caller, env) => ({ urls: [env.fixtureUrl] }),
  "POST /parsers/{parserId}/webhooks": (_target, _caller, env) => ({ url: env.webhookUrl, events: ["document.failed"], description: "sample" }),
  "PATCH /parsers/{parserId}/webhooks/{webhookId}": () => ({ description: "changed", events: ["document.approved", "document.failed"] }),
};

export function sampleBody(route: string, target: TeamWorld, caller: TeamWorld, env: SampleEnv): unknown {
  const builder = SAMPLE_BODIES[route];
  if (!builder) throw new Error(`no sample body for ${route}: add one to SAMPLE_BODIES`);
  return builder(target, caller, env);
}

/** Query strings that select something real, for routes whose query names the addressed resource. */
export const SAMPLE_QUERIES: Record<string, (target: TeamWorld) => Record<string, string>> = {
  "GET /parsers": () => ({ includeArchived: "true" }),
  "GET /parsers/{parserId}": () => ({ includeArchived: "true" }),
  "DELETE /parsers/{parserId}/folders/{folderId}": () => ({ deleteDocuments: "true" }),
  "GET /process/{parserId}/files/data": (target) => ({ documentId: target.documentId }),
  "GET /parsers/{parserId}/documents": () => ({ page: "1", limit: "10" }),
  "GET /audit-log": () => ({ limit: "100" }),
  "GET /review-queue": () => ({ assignee: "any" }),
  "GET /usage": () => ({}),
  "GET /classifiers/{classifierId}/documents": () => ({ limit: "10" }),
  "GET /parsers/{parserId}/webhooks/{webhookId}/deliveries": () => ({ limit: "10" }),
};

export function withQuery(path: string, query: Record<string, string> | undefined): string {
  const search = new URLSearchParams(query ?? {}).toString();
  return search ? `${path}?${search}` : path;
}
