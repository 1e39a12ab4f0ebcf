import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/contracts";
import { buildOpenApiDocument } from "./openapi";

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument(allOperations, { version: "1.0.0", serverUrl: "http://localhost:3000" });

  it("lists every operation once, under /api/v1 paths", () => {
    const listed = Object.values(document.paths).flatMap((methods) => Object.values(methods as Record<string, { operationId: string }>).map((entry) => entry.operationId));
    expect(listed.sort()).toEqual(allOperations.map((operation) => operation.operationId).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("resolves every $ref to a component", () => {
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(document.components.schemas).toHaveProperty(ref);
    expect(text).not.toContain("#/$defs/");
  });

  it("gives every component a real schema, never a reference to itself", () => {
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect((schema as { $ref?: string }).$ref, name).not.toBe(`#/components/schemas/${name}`);
    }
    const parser = document.components.schemas.Parser as { properties?: Record<string, unknown> };
    expect(Object.keys(parser.properties ?? {})).toEqual(expect.arrayContaining(["id", "name", "settings", "counts"]));
    const exportBody = (document.components.requestBodies.ExportRequest as { content: Record<string, { schema: { properties?: Record<string, unknown>; additionalProperties?: boolean } }> })
      .content["application/json"]!.schema;
    expect(Object.keys(exportBody.properties ?? {})).toEqual(expect.arrayContaining(["format", "documentIds", "status", "folderId"]));
    expect(exportBody.additionalProperties).toBe(false);
  });

  it("documents bodies, path parameters and errors", () => {
    const create = (document.paths["/api-keys"] as Record<string, Record<string, unknown>>).post!;
    expect(create.requestBody).toBeDefined();
    expect(Object.keys(create.responses as object)).toEqual(expect.arrayContaining(["201", "400", "401", "429"]));
    const revoke = (document.paths["/api-keys/{keyId}"] as Record<string, { parameters: { name: string; in: string }[] }>).delete!;
    expect(revoke.parameters).toContainEqual(expect.objectContaining({ name: "keyId", in: "path" }));
  });

  it("keeps request bodies with defaults out of schema components, so generators leave defaulted properties optional", () => {
    const exportOperation = (document.paths["/parsers/{parserId}/export"] as Record<string, { requestBody: unknown; responses: Record<string, { content: Record<string, unknown> }> }>).post!;
    expect(exportOperation.requestBody).toEqual({ $ref: "#/components/requestBodies/ExportRequest" });
    expect(document.components.schemas).not.toHaveProperty("ExportRequest");
    // Each export format typed: JSON as its object, CSV and XML as text, XLSX as bytes.
    const content = exportOperation.responses["200"]!.content;
    expect(content["application/json"]).toEqual({ schema: { $ref: "#/components/schemas/JsonExport" } });
    expect(content["text/csv"]).toEqual({ schema: { type: "string" } });
    expect(content["application/xml"]).toEqual({ schema: { type: "string" } });
    expect(content["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]).toEqual({ schema: { type: "string", format: "binary" } });
  });

  it("describes every webhook event's payload, the test event too, with a license and servers", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(
      ["document.approved", "document.failed", "document.in_review", "document.processed", "document.rejected", "document.skipped", "webhook.test"].sort(),
    );
    const processed = JSON.stringify(document.webhooks["document.processed"]);
    expect(processed).toContain("#/components/schemas/DocumentFull");
    expect(processed).toContain("webhook-signature");
    expect(JSON.stringify(document.webhooks["webhook.test"])).toContain('"const":"webhook.test"');
    expect(document.info.license).toMatchObject({ name: expect.any(String), identifier: "LicenseRef-Quarry-Proprietary" });
    // A loopback deployment is described relative to where the document is read; a public one by its address.
    expect(document.servers[0]).toEqual({ url: "/api/v1", description: "This deployment (where this document is served)" });
    const public_ = buildOpenApiDocument(allOperations, { version: "1.0.0", serverUrl: "https://quarry.acme.test", otherServerUrls: ["http://127.0.0.1:3000"] });
    expect(public_.servers).toEqual([{ url: "https://quarry.acme.test/api/v1", description: "This deployment" }]);
  });
});
