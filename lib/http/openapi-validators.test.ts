import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { allOperations } from "@/lib/contracts";
import { buildOpenApiDocument, type OpenApiInfo } from "./openapi";

/**
 * The generated document passes the two validators integrators most often run (swagger-parser, behind many code
 * generators, and redocly's recommended ruleset) with no error and no warning, for a development deployment
 * (loopback address) and a public one with another region.
 */
const DEPLOYMENTS: Record<string, OpenApiInfo> = {
  development: { version: "0.1.0", serverUrl: "http://localhost:3000" },
  public: { version: "0.1.0", serverUrl: "https://quarry.acme.test", otherServerUrls: ["https://extract.acme.test"], regionServers: [{ region: "eu", url: "https://eu.quarry.acme.test" }] },
};

describe.each(Object.entries(DEPLOYMENTS))("the OpenAPI document of a %s deployment", (_, info) => {
  const document = buildOpenApiDocument(allOperations, info);

  it("passes swagger-parser's validation", async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it("passes redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`)).toEqual([]);
  });
});
