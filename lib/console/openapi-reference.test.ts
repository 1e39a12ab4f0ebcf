import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/contracts";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { groupOperations, webhookEvents, type OpenApiDocument } from "./openapi-reference";

const document: OpenApiDocument = {
  info: { description: "" },
  servers: [{ url: "http://localhost:3000/api/v1" }],
  components: {
    schemas: { CreateParser: { type: "object", properties: { name: { type: "string" } } } },
    requestBodies: { CreateParser: { content: { "application/json": { schema: { $ref: "#/components/schemas/CreateParser" } } } } },
  },
  paths: {
    "/parsers": {
      get: { operationId: "listParsers", summary: "List parsers", tags: ["Parsers"], responses: { "200": {} } },
      post: { operationId: "createParser", summary: "Create a parser", tags: ["Parsers"], parameters: [], requestBody: { $ref: "#/components/requestBodies/CreateParser" }, responses: { "201": {} } },
    },
  },
};

describe("groupOperations", () => {
  it("reads request bodies kept in components.requestBodies, and operations without parameters", () => {
    const [group] = groupOperations(document);
    expect(group!.tag).toBe("Parsers");
    const [list, create] = group!.operations;
    expect(list!.parameters).toEqual([]);
    expect(list!.requestSchema).toBeUndefined();
    expect(JSON.parse(create!.requestSchema!)).toEqual({ type: "object", properties: { name: { type: "string" } } });
  });
});

describe("the reference of the real document", () => {
  const real = buildOpenApiDocument(allOperations, { version: "test", serverUrl: "http://localhost:3000" }) as unknown as OpenApiDocument;
  const operations = groupOperations(real).flatMap((group) => group.operations);
  const byId = (id: string) => operations.find((operation) => operation.operationId === id)!;
  const names = (rows: { name: string }[]) => rows.map((row) => row.name);

  it("lists a multipart upload's parts, files included", () => {
    const [parts] = byId("uploadFiles").requestBodies;
    expect(parts!.contentType).toBe("multipart/form-data");
    expect(parts!.rows).toEqual(expect.arrayContaining([expect.objectContaining({ name: "file", type: "file[]", required: true }), expect.objectContaining({ name: "folderId", required: false })]));
  });

  it("shows request and response bodies as rows, nested ones by path, with each status's description", () => {
    expect(names(byId("createParser").requestBodies[0]!.rows)).toEqual(expect.arrayContaining(["name", "fields", "fields[].name", "fields[].type"]));
    const upload = byId("uploadFiles").responses.find((response) => response.status === "200")!;
    expect(names(upload.bodies[0]!.rows)).toEqual(expect.arrayContaining(["success", "result", "result[].documentId", "result[].operationName"]));
    const document = byId("getDocument");
    expect(document.parameters).toContainEqual(expect.objectContaining({ name: "wait", in: "query", type: "integer", required: false }));
    expect(document.responses.map((response) => response.status)).toEqual(expect.arrayContaining(["200", "404"]));
    expect(document.responses.find((response) => response.status === "404")!.description).toContain("Not found");
    const csvExport = byId("exportDocuments").responses.find((response) => response.status === "200")!;
    expect(csvExport.bodies.map((body) => body.contentType)).toEqual(expect.arrayContaining(["application/json", "text/csv"]));
  });

  it("has the webhooks section the intro promises: every event, its signature headers and body", () => {
    const events = webhookEvents(real);
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(["document.processed", "document.approved", "webhook.test"]));
    const processed = events.find((event) => event.event === "document.processed")!;
    expect(processed.headers.map((header) => header.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(names(processed.body!.rows)).toEqual(expect.arrayContaining(["type", "timestamp", "data.document", "redeliveryOf.deliveryId", "redeliveryOf.messageId"]));
    expect(processed.body!.rows.find((row) => row.name === "redeliveryOf.webhookId")).toMatchObject({ deprecated: true });
  });
});
