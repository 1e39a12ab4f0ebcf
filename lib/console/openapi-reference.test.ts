import { describe, expect, it } from "vitest";
import { groupOperations, type OpenApiDocument } from "./openapi-reference";

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
