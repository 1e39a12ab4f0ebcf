import fs from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/contracts";
import { buildOpenApiDocument } from "./openapi";

/**
 * What an integrator does with the OpenAPI document: generate types with openapi-typescript and call the API through
 * openapi-fetch. The short flow below must type-check as written: a parser created with only its name, an upload
 * folder listed, an export with only `format` (properties with defaults stay optional), its JSON typed as the
 * export's object, and a webhook payload read by its event. The `@ts-expect-error` lines prove the types are not
 * `any`: each would compile if they were, and then the unused directive fails the check.
 */
const FLOW = `
import createClient from "openapi-fetch";
import type { components, paths, webhooks } from "./schema";

export async function flow(): Promise<string[]> {
  const client = createClient<paths>({ baseUrl: "https://quarry.example/api/v1", headers: { authorization: "Bearer dx_us_x" } });
  const created = await client.POST("/parsers", { body: { name: "Invoices" } });
  if (!created.data) return [created.error.message];
  const parserId: string = created.data.id;
  const folders = await client.GET("/parsers/{parserId}/folders", { params: { path: { parserId } } });
  const folderNames = (folders.data?.data ?? []).map((folder) => folder.name);
  const exported = await client.POST("/parsers/{parserId}/export", { params: { path: { parserId } }, body: { format: "json" }, parseAs: "json" });
  // One operation, four formats: the JSON variant is the export's object, the others text or bytes.
  const file = exported.data;
  const fieldNames = file && typeof file !== "string" ? file.fields.map((field) => field.name) : [];
  const documents: number = file && typeof file !== "string" ? file.documents.length : 0;
  // @ts-expect-error format is required
  await client.POST("/parsers/{parserId}/export", { params: { path: { parserId } }, body: {} });
  // @ts-expect-error an unknown path
  await client.GET("/no-such-path");
  const listed = await client.GET("/parsers/{parserId}/documents", { params: { path: { parserId }, query: { page: 2 } } });
  const total: number = listed.data?.pagination.total ?? 0;
  return [...folderNames, ...fieldNames, String(documents), String(total)];
}

type Processed = NonNullable<webhooks["document.processed"]["post"]>["requestBody"]["content"]["application/json"];
type TestEvent = NonNullable<webhooks["webhook.test"]["post"]>["requestBody"]["content"]["application/json"];
export function onEvent(event: Processed | TestEvent): string {
  if (event.type === "webhook.test") return event.data.message;
  const document: components["schemas"]["DocumentFull"] = event.data.document;
  // @ts-expect-error no such property on a document
  void document.noSuchProperty;
  return event.redeliveryOf ? event.redeliveryOf.messageId : document.name;
}
`;

describe("a client generated from the OpenAPI document", () => {
  it("type-checks a short flow with openapi-typescript and openapi-fetch", async () => {
    const document = buildOpenApiDocument(allOperations, { version: "test", serverUrl: "https://quarry.example" });
    const schema = astToString(await openapiTS(JSON.parse(JSON.stringify(document))));
    // Inside the project, so the flow resolves openapi-fetch from node_modules.
    const dir = path.join(process.cwd(), "node_modules/.cache/quarry-openapi-client");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "schema.d.ts"), schema);
    fs.writeFileSync(path.join(dir, "flow.ts"), FLOW);

    // Properties with defaults are optional in a request body, required in what comes back.
    expect(schema).toMatch(/includeSources\?: boolean/);
    const program = ts.createProgram([path.join(dir, "flow.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  }, 60_000);

  it("type-checks the documented quickstart (docs/examples/quickstart.ts) against types generated as its header says", async () => {
    const document = buildOpenApiDocument(allOperations, { version: "test", serverUrl: "https://quarry.example" });
    const dir = path.join(process.cwd(), "node_modules/.cache/quarry-quickstart");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "quarry-api.d.ts"), astToString(await openapiTS(JSON.parse(JSON.stringify(document)))));
    fs.copyFileSync(path.join(process.cwd(), "docs/examples/quickstart.ts"), path.join(dir, "quickstart.ts"));
    const program = ts.createProgram([path.join(dir, "quickstart.ts")], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  }, 60_000);
});
